import Holidays from 'date-holidays';
for (const [c, s] of [['GB', 'ENG'], ['NL'], ['CN']]) {
  const hd = s ? new Holidays(c, s) : new Holidays(c);
  const list = hd.getHolidays(2026, 'en');
  console.log(c, s, list.filter(h => ['public','bank'].includes(h.type)).map(h => `${h.date.slice(0,10)} ${h.type} ${h.name}`).join(' | '));
}
console.log(new Holidays().getStates('GB'));
