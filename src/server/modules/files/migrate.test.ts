/** `npm run files:migrate`: a disk store copied into an s3rver bucket on 127.0.0.1, resumably and verified. */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../paths.ts';
import { S3RVER_KEYS, startS3Server } from '../../test/s3-server.ts';
import { migrateFiles } from './migrate.ts';
import { createLocalFileStore, createS3FileStore, parseFilesUrl, type FileStore } from './store.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: FileStore;
beforeAll(async () => {
  s3 = await startS3Server('fyn-migrate');
  bucket = createS3FileStore(parseFilesUrl(s3.filesUrl), S3RVER_KEYS);
});
afterAll(async () => {
  await bucket?.close();
  await s3?.close();
});

const read = async (store: FileStore, key: string) => {
  const f = await store.get(key);
  return f ? (await buffer(f.stream)).toString() : null;
};

describe('files:migrate', () => {
  it('copies every file, skips what an earlier run copied, and copies again what differs', async () => {
    const disk = createLocalFileStore(mkdtempSync(join(tmpdir(), 'fyn-uploads-')));
    await disk.put('avatars/0001.png', Buffer.from('ana picture'));
    await disk.put('documents/0002.pdf', Buffer.from('%PDF-1.7 HBL 0002'));
    await disk.put('cvs/0003.pdf', Buffer.from('%PDF-1.7 CV of Ben'));
    // An earlier run that stopped half-way: one file copied whole, one cut short (same key, other bytes).
    await migrateFiles(disk, bucket);
    await bucket.delete('cvs/0003.pdf');
    await bucket.put('documents/0002.pdf', Buffer.from('%PDF-1.7 HB'));

    const lines: string[] = [];
    const report = await migrateFiles(disk, bucket, (l) => lines.push(l));
    expect(report).toEqual({ copied: 2, present: 1, failed: [], bytes: '%PDF-1.7 HBL 0002'.length + '%PDF-1.7 CV of Ben'.length });
    expect(lines.sort()).toEqual([expect.stringMatching(/^copied cvs\/0003\.pdf \(18 bytes, sha256 /), expect.stringMatching(/^copied documents\/0002\.pdf \(17 bytes/)]);
    expect(await read(bucket, 'documents/0002.pdf')).toBe('%PDF-1.7 HBL 0002');
    expect(await read(bucket, 'cvs/0003.pdf')).toBe('%PDF-1.7 CV of Ben');
    // Run again: nothing to do.
    expect(await migrateFiles(disk, bucket)).toEqual({ copied: 0, present: 3, failed: [], bytes: 0 });
  });

  it('reports a file the target does not keep as written, and leaves no bad copy', async () => {
    const disk = createLocalFileStore(mkdtempSync(join(tmpdir(), 'fyn-uploads-')));
    await disk.put('logos/0009.png', Buffer.from('logo bytes'));
    // A target that loses the last byte of whatever it is given.
    const lossy: FileStore = { ...bucket, put: async (key, data) => bucket.put(key, Buffer.isBuffer(data) ? data : (await buffer(data)).subarray(0, -1)) };
    const report = await migrateFiles(disk, lossy);
    expect(report.copied).toBe(0);
    expect(report.failed).toEqual([{ key: 'logos/0009.png', reason: expect.stringContaining('did not verify (target 9 bytes') }]);
    expect(await bucket.head('logos/0009.png')).toBeNull();
  });

  it('npm run files:migrate says what it moved, and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fyn-data-'));
    const disk = createLocalFileStore(join(dir, 'uploads'));
    await disk.put('covers/0100.jpg', Buffer.from('cover'));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/files-migrate.ts'], {
      cwd: appRoot,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir, ...s3.env },
    });
    expect(stdout).toContain('files:migrate: from');
    expect(stdout).toContain('copied covers/0100.jpg (5 bytes');
    expect(stdout).toMatch(/files:migrate: 1 copied \(5 bytes\), 0 already there, 0 failed/);
    expect(await read(bucket, 'covers/0100.jpg')).toBe('cover');
  });
});
