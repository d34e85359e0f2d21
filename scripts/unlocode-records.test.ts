import { describe, expect, it } from 'vitest';
import { splitGlued, toRecords } from './unlocode-records.ts';

describe('UN/LOCODE record repair', () => {
  it('keeps whole records as they are', () => {
    const row = ['AE', 'AUH', 'Abu Dhabi', 'Abu Dhabi', 'AZ', 'AI', '1-345---', '', '24.46', '54.36', ''];
    expect(splitGlued(row)).toEqual([row]);
  });

  it('splits a record glued after an empty last field', () => {
    const row = 'AD,SCO,Santa Coloma,Santa Coloma,,RL,--3-----,,42.5,1.5,AE,ABU,Abu al Bukhoosh,Abu al Bukhoosh,,RL,1-------,,25.48,53.13,'.split(',');
    const [a, b] = splitGlued(row);
    expect(a.slice(0, 2)).toEqual(['AD', 'SCO']);
    expect(a[9]).toBe('1.5');
    expect(b.slice(0, 3)).toEqual(['AE', 'ABU', 'Abu al Bukhoosh']);
  });

  it('splits where "true" or a longitude is fused to the next country code', () => {
    const glued = 'AO,XGN,Xangongo,Xangongo,,AI,---4----,,-16.75,14.96,trueAQ,ABA,Aboa,Aboa,,RL,1-------,,-73.05,-13.41'.split(',');
    expect(splitGlued(glued).map((r) => r[1])).toEqual(['XGN', 'ABA']);
    const lon = 'BQ,BOT,The Bottom,The Bottom,,RL,--3-----,,17.63,-63.23BR,ADG,Abadia de Goiás,Abadia de Goias,GO,AA,--3-----,,-16.75,-49.43'.split(',');
    const [a, b] = splitGlued(lon);
    expect(a[9]).toBe('-63.23');
    expect(b.slice(0, 2)).toEqual(['BR', 'ADG']);
  });

  it('joins names that hold a comma and were split into stray-quoted fields', () => {
    const row = ['AT', 'MLD', '"Mollersdorf', ' Baden"', '"Mollersdorf', ' Baden"', '3', '--3-----', '48.36', '16.00', 'true'];
    const [r] = toRecords([row]);
    expect(r).toMatchObject({ name: 'Mollersdorf, Baden', subdivision: '3', status: '', function: '--3-----', lat: '48.36', lon: '16.00' });
  });

  it('uses the ASCII name when the accented one was mangled, and drops duplicates and bad rows', () => {
    const rows = [
      ['AD', 'SJL', 'Sant Juli\uFFFD de L\uFFFDria', 'Sant Julia de Loria', '', 'RL', '--3-----', '', '42.46', '1.5', ''],
      ['AD', 'SJL', 'Again', 'Again', '', 'RL', '--3-----', '', '', '', ''],
      ['XZ', 'OCA', 'Co-operation Zone A (AU,ID)', 'x', '', '1-------', '97.06', 'NaN'],
      ['FR', 'PAR', 'Paris', 'Paris', 'IDF', 'AF', '1234----', '', 'NaN', ''],
    ];
    const records = toRecords(rows);
    expect(records.map((r) => r.name)).toEqual(['Sant Julia de Loria', 'Paris']);
    expect(records[1].lat).toBe('');
  });
});
