import Holidays from 'date-holidays';
const hd = new Holidays('CN');
console.log(hd.getHolidays(2026, 'en').filter(h => ['2026-03-08','2026-05-04','2026-06-01','2026-08-01','2026-02-16'].includes(h.date.slice(0,10))));
const gb = new Holidays('GB','ENG'); console.log(gb.getHolidays(2026,'en')[0]);
