import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { importLocations } from './import.ts';

/** A data folder like data/unlocode, with the rows given. */
function dataDir(locations: string[], trade: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fyn-unlocode-'));
  const header = 'code,name,name_ascii,aliases,subdivision,status,function,iata,lat,lon,coordinates,flag,city';
  writeFileSync(join(dir, 'locations.csv.gz'), gzipSync([header, ...locations].join('\n') + '\n'));
  writeFileSync(join(dir, 'subdivisions.csv.gz'), gzipSync('country,code,name,type\nNL,ZH,Zuid-Holland,province\nNL,ZH,Zuid-Holland again,province\n'));
  writeFileSync(join(dir, 'trade-usage.csv'), ['code,function,name,port,city,basis', ...trade].join('\n') + '\n');
  return dir;
}

const location = (db: Database, code: string) =>
  db.query<Record<string, unknown>>('select code, name, search_name, functions, trade_name, trade_functions, port_code, city_code, lat, lon, coordinates, coordinates_flag from locations where code = $1', [code]).then((r) => r[0]);
const indexes = (db: Database) =>
  db.query<{ indexname: string }>("select indexname from pg_indexes where tablename = 'locations' order by 1").then((r) => r.map((x) => x.indexname));

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('loading UN/LOCODE', () => {
  it('fills an empty table (search indexes rebuilt after), with trade codes placed at their port or city', async () => {
    await database.query('delete from locations');
    await database.query('delete from reference_imports');
    const dir = dataDir([
      'CNSGH,Shanghai,,,SH,AS,12345---,,31.2333,121.4833,unece,,',
      'CNSHG,Shanghai Pt,,,SH,AS,1-------,,,,,,CNSGH',
      'CNSHA,Shanghai Hongqiao International Apt,,,SH,AS,---4----,,,,,,CNSGH',
      'BEANR,Antwerpen,,Antwerp,VAN,AI,12345---,,51.2167,4.4167,unece,,',
      'ESAED,Arnedillo,,,LO,AA,--3-----,,,,,outside_country,',
    ], ['CNSHA,port,Shanghai,CNSHG,CNSGH,test']);
    expect(await importLocations(database, undefined, dir)).toBe(5);
    expect(await location(database, 'CNSHA')).toMatchObject({
      name: 'Shanghai Hongqiao International Apt', search_name: 'shanghai shanghai hongqiao international apt', functions: ['airport'],
      trade_name: 'Shanghai', trade_functions: ['port'], port_code: 'CNSHG', city_code: 'CNSGH', lat: 31.2333, lon: 121.4833, coordinates: 'city',
    });
    expect(await location(database, 'BEANR')).toMatchObject({ search_name: 'antwerpen antwerp', trade_name: null, coordinates: 'unece' });
    expect(await location(database, 'ESAED')).toMatchObject({ lat: null, coordinates_flag: 'outside_country' });
    expect(await indexes(database)).toEqual(['locations_country_idx', 'locations_pkey', 'locations_search_name_prefix_idx', 'locations_search_name_trgm_idx']);
    // The same files again: nothing to do.
    expect(await importLocations(database, undefined, dir)).toBe(0);
  });

  it('updates a table holding an earlier version in place, keeping the places others refer to', async () => {
    await database.query("insert into organisations (id, name, types, country, address_line1, city, location_code) values (gen_random_uuid(), 'Holder', '{forwarder}', 'ES', 'Calle 1', 'Arnedillo', 'ESAED')");
    const dir = dataDir([
      'CNSGH,Shanghai,,,SH,AS,12345---,,31.2333,121.4833,unece,,',
      'CNSHG,Shanghai Pt,,,SH,AS,1-------,,30.6333,122.0667,unece,,',
      'CNSHA,Shanghai Hongqiao International Apt,,,SH,AS,---4----,,,,,,CNSGH',
      'BEANR,Antwerpen,,Antwerp,VAN,AI,12345---,,51.2167,4.4167,unece,,',
    ], []);
    expect(await importLocations(database, undefined, dir)).toBe(4);
    // No longer a trade code: UNECE's record alone, its own (missing) coordinates.
    expect(await location(database, 'CNSHA')).toMatchObject({ trade_name: null, trade_functions: null, port_code: null, lat: null, coordinates: null });
    expect(await location(database, 'CNSHG')).toMatchObject({ lat: 30.6333, coordinates: 'unece', city_code: null });
    // Not in the new files, referred to by an organisation: kept.
    expect(await location(database, 'ESAED')).toMatchObject({ code: 'ESAED' });
    const imports = await database.query<{ name: string }>("select name from reference_imports where name like 'unlocode%'");
    expect(imports).toHaveLength(1);
    const subdivisions = await database.query<{ name: string }>('select name from subdivisions');
    expect(subdivisions).toEqual([{ name: 'Zuid-Holland' }]);
    expect(await indexes(database)).toHaveLength(4);
  });
});
