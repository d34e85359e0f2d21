import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  checkCoordinates, cityOf, insideCountry, longitudeSpan, officialRecords, parseCoordinates, portCoordinates, readCountryBounds, sameName,
  type OfficialRecord,
} from './unlocode-official.ts';

const bounds = readCountryBounds(parse(readFileSync(join(import.meta.dirname, '../data/unlocode/country-bounds.csv')), { columns: true }));
// Rows exactly as UNECE's release has them (12 fields, no header).
const row = (code: string, name: string, fn: string, coordinates = '', subdivision = '') =>
  ['', code.slice(0, 2), code.slice(2), name, name, subdivision, fn, 'AI', '2301', '', coordinates, ''];
const record = (code: string, name: string, fn: string, coordinates = '', subdivision = ''): OfficialRecord =>
  officialRecords([row(code, name, fn, coordinates, subdivision)]).records[0];

describe('the official UN/LOCODE release', () => {
  it('reads its records, keeps the first of a repeated code and turns later names and "=" references into aliases', () => {
    const { records, aliases } = officialRecords([
      ['', 'BE', '', '.BELGIUM', '', '', '', '', '', '', '', ''],
      ['', 'BE', 'ANR', 'Antwerpen', 'Antwerpen', 'VAN', '12345---', 'AI', '0307', '', '5113N 00425E', ''],
      ['=', 'BE', '', 'Antwerp = Antwerpen', 'Antwerp = Antwerpen', '', '', '', '', '', '', ''],
      ['', 'BE', 'BRU', 'Bruxelles (Brussel)', 'Bruxelles (Brussel)', 'BRU', '1234----', 'AI', '0207', '', '5050N 00420E', ''],
      ['', 'BE', 'BRU', 'Brussel (Bruxelles)', 'Brussel (Bruxelles)', 'BRU', '1234----', 'AI', '0207', '', '5050N 00420E', ''],
    ]);
    expect(records.map((r) => [r.code, r.name, r.function])).toEqual([['BEANR', 'Antwerpen', '12345---'], ['BEBRU', 'Bruxelles (Brussel)', '1234----']]);
    expect(aliases.get('BEANR')).toEqual(['Antwerp']);
    expect(aliases.get('BEBRU')).toEqual(['Brussel (Bruxelles)']);
  });

  it('reads degrees and minutes, and refuses what is not', () => {
    expect(parseCoordinates('3114N 12129E')).toEqual({ lat: 31.2333, lon: 121.4833 });
    expect(parseCoordinates('0608S 10650E')).toEqual({ lat: -6.1333, lon: 106.8333 });
    expect(parseCoordinates('5155N 00430W')).toEqual({ lat: 51.9167, lon: -4.5 });
    // Minutes of 60 or more (AFSRO "3313N 06883E"), a missing hemisphere, nonsense.
    for (const bad of ['3313N 06883E', '2444N 05045', 'N/A', '']) expect(parseCoordinates(bad)).toBeNull();
  });

  it('finds the shortest longitude range, across the antimeridian when that is shorter', () => {
    expect(longitudeSpan([10, 20, 15])).toEqual({ west: 10, east: 20 });
    expect(longitudeSpan([177, 179.5, -179, -178])).toEqual({ west: 177, east: -178 });
  });

  it('checks a position against its country’s box (Natural Earth), across the antimeridian too', () => {
    expect(insideCountry(bounds, 'CN', { lat: 36.05, lon: 120.32 })).toBe(true);
    expect(insideCountry(bounds, 'GB', { lat: 55.92, lon: 120.78 })).toBe(false);
    // The United States reach over the antimeridian (the Aleutians): Adak is in, the Pacific off Japan is not.
    expect(insideCountry(bounds, 'US', { lat: 51.87, lon: -176.63 })).toBe(true);
    expect(insideCountry(bounds, 'US', { lat: 51.87, lon: 176.65 })).toBe(true);
    expect(insideCountry(bounds, 'US', { lat: 35, lon: 140 })).toBe(false);
    expect(insideCountry(bounds, 'FJ', { lat: -18.14, lon: 178.42 })).toBe(true);
    expect(insideCountry(bounds, 'XX', { lat: 0, lon: 0 })).toBeUndefined();
  });

  it('drops a position outside the country, at 0,0 or unreadable, and flags why', () => {
    // Arnedillo (Spain) given at 02140W: in the Atlantic, west of Portugal.
    expect(checkCoordinates(record('ESAED', 'Arnedillo', '--3-----', '4213N 02140W'), bounds, undefined)).toEqual({ lat: null, lon: null, source: null, flag: 'outside_country' });
    expect(checkCoordinates(record('GHXXX', 'Somewhere', '--3-----', '0000N 00000E'), bounds, undefined)).toMatchObject({ lat: null, flag: 'zero' });
    expect(checkCoordinates(record('AFSRO', 'Sharona', '-----6--', '3313N 06883E'), bounds, undefined)).toMatchObject({ lat: null, flag: 'malformed' });
    expect(checkCoordinates(record('NLRTM', 'Rotterdam', '12345---', '5155N 00430E'), bounds, undefined)).toEqual({ lat: 51.9167, lon: 4.5, source: 'unece', flag: null });
  });

  it('takes a checked port position where UNECE gives none, or replaces a confirmed wrong one', () => {
    const wpi = { code: 'USLAX', lat: 33.75, lon: -118.25, source: 'WPI 16080 Los Angeles', replaces: false };
    expect(checkCoordinates(record('USLAX', 'Los Angeles', '1--45---'), bounds, wpi)).toEqual({ lat: 33.75, lon: -118.25, source: 'wpi', flag: null });
    const yantian = { code: 'CNYTN', lat: 22.5833, lon: 114.2667, source: 'WPI 57857 Yantian, confirmed by SMDG terminals', replaces: true };
    expect(checkCoordinates(record('CNYTN', 'Yantian Pt', '1-------', '2651N 11952E'), bounds, yantian)).toEqual({ lat: 22.5833, lon: 114.2667, source: 'wpi', flag: 'corrected' });
  });

  it('chooses World Port Index positions only for ports of the same code and name, inside the country', () => {
    const records = [
      record('USLAX', 'Los Angeles', '1--45---'),
      record('GBTOB', 'Tobermory', '1-------'),
      record('TWKHH', 'Kaohsiung', '1--4----'),
      record('CNYTN', 'Yantian Pt', '1-------', '2651N 11952E'),
      record('DKNYM', 'Nykøbing Mors', '1-3-----', '5647N 00851E'),
      record('USLBA', 'Alabaster', '--3-----'),
      record('SGSIN', 'Singapore', '1--45---'),
    ];
    const wpi = [
      { number: '16080', name: 'Los Angeles', alternates: ['San Pedro'], code: 'USLAX', lat: 33.75, lon: -118.25 },
      // NGA files Tobermory, Ontario under GB TOB: outside the United Kingdom, refused.
      { number: '3770', name: 'Tobermory', alternates: [], code: 'GBTOB', lat: 45.2667, lon: -81.6667 },
      { number: '57920', name: 'Kao-Hsiung', alternates: [], code: 'TWKHH', lat: 22.6167, lon: 120.25 },
      { number: '57857', name: 'Yantian', alternates: [], code: 'CNYTN', lat: 22.583333, lon: 114.266667 },
      // 184 km from UNECE's, with no terminal to say which is right: UNECE's stays.
      { number: '29455', name: 'Nykobing (Mor)', alternates: [], code: 'DKNYM', lat: 56.7667, lon: 11.8667 },
      { number: '4420', name: 'Alabaster', alternates: [], code: 'USLBA', lat: 44.1833, lon: -83.55 },
    ];
    const terminals = [
      { code: 'CNYTN', alternates: [], lat: 22.572778, lon: 114.268889 },
      { code: 'SGSIN', alternates: [], lat: 1.268889, lon: 103.835833 },
      { code: 'SGSIN', alternates: [], lat: 1.283333, lon: 103.776667 },
    ];
    expect(portCoordinates(records, wpi, terminals, bounds)).toEqual([
      { code: 'CNYTN', lat: 22.5833, lon: 114.2667, source: 'WPI 57857 Yantian, confirmed by SMDG terminals', replaces: true },
      { code: 'SGSIN', lat: 1.2761, lon: 103.8063, source: 'SMDG terminals (2)', replaces: false },
      { code: 'TWKHH', lat: 22.6167, lon: 120.25, source: 'WPI 57920 Kao-Hsiung', replaces: false },
      { code: 'USLAX', lat: 33.75, lon: -118.25, source: 'WPI 16080 Los Angeles', replaces: false },
    ]);
    expect(sameName('Qingdao', ['Qingdao Gang', 'Tsingtao'])).toBe(true);
    expect(sameName('Guangzhou', ['Shekou', 'Chiwan'])).toBe(false);
  });

  it('links a facility without coordinates to the entry of its city', () => {
    const records = [
      record('CNSGH', 'Shanghai', '12345---', '3114N 12129E', 'SH'),
      record('CNSHG', 'Shanghai Pt', '1-------', '', 'SH'),
      record('CNSHA', 'Shanghai Hongqiao International Apt', '---4----', '', 'SH'),
      record('CNQIN', 'Qingdao', '12-45---', '3603N 12019E', 'SD'),
      record('CNXXX', 'Qingdao Pt', '1-------', '', 'ZJ'),
      record('CNYYY', 'Nowhere Pt', '1-------'),
    ];
    const byName = new Map<string, OfficialRecord[]>();
    for (const r of records) byName.set(`${r.country}|${r.nameAscii.toLowerCase()}`, [...(byName.get(`${r.country}|${r.nameAscii.toLowerCase()}`) ?? []), r]);
    const hasPoint = (code: string) => records.find((r) => r.code === code)!.coordinates !== '';
    const city = (code: string) => cityOf(records.find((r) => r.code === code)!, byName, hasPoint);
    expect(city('CNSHG')).toBe('CNSGH');
    expect(city('CNSHA')).toBe('CNSGH');
    // Another province's Qingdao is another place.
    expect(city('CNXXX')).toBeNull();
    expect(city('CNYYY')).toBeNull();
  });
});
