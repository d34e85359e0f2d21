import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readGzipCsv } from './reference-import.ts';

const collect = async (file: string) => {
  const rows = [];
  for await (const r of readGzipCsv(file)) rows.push(r);
  return rows;
};

describe('reading shipped reference data', () => {
  it('streams the rows of a gzipped CSV', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fyn-ref-')), 'x.csv.gz');
    writeFileSync(file, gzipSync('code,name\nNLRTM,Rotterdam\nDEHAM,Hamburg\n'));
    expect(await collect(file)).toEqual([{ code: 'NLRTM', name: 'Rotterdam' }, { code: 'DEHAM', name: 'Hamburg' }]);
  });

  it('fails with a clear error, not a crash, when the file is missing or broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fyn-ref-'));
    await expect(collect(join(dir, 'nope.csv.gz'))).rejects.toThrow(/Reference data file missing/);
    const broken = join(dir, 'broken.csv.gz');
    writeFileSync(broken, 'not gzip at all');
    await expect(collect(broken)).rejects.toThrow();
  });
});
