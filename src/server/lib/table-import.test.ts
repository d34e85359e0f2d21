import { describe, expect, it } from 'vitest';
import { MEGABYTE_OF_SPACES, xlsxOf, zipOf } from '../test/archives.ts';
import { ARCHIVE_LIMITS, IMPORT_LIMITS, readTable, storedZip, unzipCapped } from './table-import.ts';

const refusal = async (p: Promise<unknown>) => {
  const err = (await p.then(() => null, (e: unknown) => e)) as { status?: number; code?: string } | null;
  return err && { status: err.status, code: err.code };
};

describe('spreadsheet imports and archives that lie about their sizes', () => {
  it('reads an honest workbook (the test helper’s and its stored rewrite alike)', async () => {
    const book = xlsxOf([['Company name', 'Country'], ['Hull Timber Ltd', 'GB'], ['=HYPERLINK("x")', 'DE']]);
    expect(await readTable(book)).toEqual([
      { row: 2, cells: { company_name: 'Hull Timber Ltd', country: 'GB' } },
      { row: 3, cells: { company_name: '=HYPERLINK("x")', country: 'DE' } },
    ]);
    const entries = await unzipCapped(book);
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    expect((await unzipCapped(storedZip(entries))).map((e) => e.data.toString())).toEqual(entries.map((e) => e.data.toString()));
  });

  it('refuses a 700 KB workbook that declares 1 KB and inflates to 700 MB, producing no more than its cap', async () => {
    const bomb = xlsxOf([['company_name'], ['Bomb Ltd']], { padding: { text: MEGABYTE_OF_SPACES, times: 700 }, declaredSize: 1024 });
    expect(bomb.length).toBeLessThan(IMPORT_LIMITS.bytes);
    const heap = process.memoryUsage();
    const t0 = performance.now();
    expect(await refusal(readTable(bomb))).toEqual({ status: 413, code: 'file_too_large' });
    const grew = process.memoryUsage().arrayBuffers - heap.arrayBuffers;
    // At most the cap was produced (the old reader trusted the 1 KB and inflated all 700 MB).
    expect(grew).toBeLessThan(IMPORT_LIMITS.unpacked * 2);
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('refuses an entry that grows beyond the ratio, though its declared size and the total are small', async () => {
    // 8 MB of spaces from about 8 KB: under the 24 MB total, a thousandfold its compressed size.
    const zip = zipOf([{ name: 'xl/worksheets/sheet1.xml', parts: [{ text: MEGABYTE_OF_SPACES, times: 8 }], declaredSize: 100 }]);
    expect(await refusal(unzipCapped(zip))).toEqual({ status: 413, code: 'file_too_large' });
    // Honest about its size, still refused: the ratio is measured on what inflation produces.
    const honest = zipOf([{ name: 'a.xml', parts: [{ text: MEGABYTE_OF_SPACES, times: 8 }] }]);
    expect(await refusal(unzipCapped(honest))).toEqual({ status: 413, code: 'file_too_large' });
  });

  it('refuses archives whose entries add up beyond the total, each within the ratio', async () => {
    // 16 KB of noise repeated to 1 MB deflates about sixtyfold: 30 such entries pass the ratio, fit
    // in an upload and break the 24 MB total.
    const noise = Buffer.from(Array.from({ length: 16 * 1024 }, (_, i) => 33 + (Math.imul(i + 1, 2654435761) >>> 7) % 90));
    const megabyte = Buffer.concat(Array.from({ length: 64 }, () => noise));
    const zip = zipOf(Array.from({ length: 30 }, (_, i) => ({ name: `part-${i}.xml`, parts: [{ text: megabyte }] })));
    expect(zip.length).toBeLessThan(IMPORT_LIMITS.bytes);
    expect(await refusal(unzipCapped(zip))).toEqual({ status: 413, code: 'file_too_large' });
  });

  it('refuses too many entries before inflating any', async () => {
    const zip = zipOf(Array.from({ length: ARCHIVE_LIMITS.entries + 1 }, (_, i) => ({ name: `e${i}`, parts: [{ text: 'x' }] })));
    expect(await refusal(readTable(zip))).toEqual({ status: 413, code: 'file_too_large' });
  });

  it('refuses an archive whose declared sizes or checksum disagree with its content as unreadable', async () => {
    const small = [['company_name'], ['Liar Ltd']];
    // Declares more than it holds.
    expect(await refusal(readTable(xlsxOf(small, { declaredSize: 5_000_000 })))).toEqual({ status: 422, code: 'file_unreadable' });
    // A compressed size that runs past the end of the file.
    const base = { name: 'a.xml', parts: [{ text: 'hello' }] };
    expect(await refusal(unzipCapped(zipOf([{ ...base, declaredCompressed: 10_000_000 }])))).toEqual({ status: 422, code: 'file_unreadable' });
    // A wrong checksum.
    expect(await refusal(unzipCapped(zipOf([{ ...base, crc: 1234 }])))).toEqual({ status: 422, code: 'file_unreadable' });
  });
});
