/**
 * The file store's contract, run against both adapters: the local disk (DATA_DIR/uploads) and an
 * S3-compatible bucket (s3rver on 127.0.0.1, started here).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { S3RVER_KEYS, startS3Server } from '../../test/s3-server.ts';
import { createLocalFileStore, createS3FileStore, parseFilesUrl, type FileStore } from './store.ts';

type Server = Awaited<ReturnType<typeof startS3Server>>;
let s3: Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const stores: [string, () => FileStore][] = [
  ['local disk', () => createLocalFileStore(mkdtempSync(join(tmpdir(), 'fyn-files-')))],
  ['S3 bucket', () => createS3FileStore(parseFilesUrl(s3.filesUrl), S3RVER_KEYS)],
];

/** A stream of `chunks` pieces of 64 KiB, failing after them when `fail` is set. */
function chunks(count: number, fail?: Error) {
  return new Readable({
    read() {
      if (count-- > 0) this.push(Buffer.alloc(64 * 1024, count % 251));
      else if (fail) this.destroy(fail);
      else this.push(null);
    },
  });
}

describe.each(stores)('file store on %s', (_name, make) => {
  let files: FileStore;
  beforeAll(() => {
    files = make();
  });
  afterAll(() => files.close());

  it('stores a buffer, reads it back with its size, and forgets it when deleted', async () => {
    const data = Buffer.from('Bill of lading HBL-0042\n');
    expect(await files.put('documents/0001.pdf', data)).toEqual({ size: data.length });
    const got = await files.get('documents/0001.pdf');
    expect(got?.size).toBe(data.length);
    expect((await buffer(got!.stream)).equals(data)).toBe(true);
    expect((await files.head('documents/0001.pdf'))?.size).toBe(data.length);
    await files.delete('documents/0001.pdf');
    expect(await files.get('documents/0001.pdf')).toBeNull();
    expect(await files.head('documents/0001.pdf')).toBeNull();
  });

  it('streams a large upload in (6 MiB, past one S3 part) and lists it with its size', async () => {
    const expected = createHash('sha256');
    const source = chunks(96);
    source.on('data', (c: Buffer) => expected.update(c));
    source.pause();
    expect(await files.put('chat-files/big-one.csv', source)).toEqual({ size: 96 * 64 * 1024 });
    const got = await files.get('chat-files/big-one.csv');
    expect(got?.size).toBe(96 * 64 * 1024);
    const actual = createHash('sha256');
    for await (const c of got!.stream) actual.update(c as Buffer);
    expect(actual.digest('hex')).toBe(expected.digest('hex'));
    const listed = [];
    for await (const f of files.list()) listed.push(f);
    expect(listed).toContainEqual({ key: 'chat-files/big-one.csv', size: 96 * 64 * 1024 });
  });

  it('a stream that fails on its way leaves no file behind', async () => {
    await expect(files.put('cvs/broken-cv.pdf', chunks(3, new Error('client went away')))).rejects.toThrow('client went away');
    expect(await files.get('cvs/broken-cv.pdf')).toBeNull();
    for await (const f of files.list()) expect(f.key).not.toBe('cvs/broken-cv.pdf');
  });

  it('refuses keys that could leave the store, and finds no file under them', async () => {
    await expect(files.put('../secret.txt', Buffer.from('x'))).rejects.toThrow('invalid file key');
    await expect(files.put('avatars/../../x.png', Buffer.from('x'))).rejects.toThrow('invalid file key');
    expect(await files.get('avatars/../../x.png')).toBeNull();
    expect(await files.get('missing/none.png')).toBeNull();
  });
});

describe('FILES_URL', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'fyn-cfg-')) };
  it('names the bucket, prefix, endpoint, region and addressing style', () => {
    expect(parseFilesUrl('s3://fyn-files/prod?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=eu-central-1&force_path_style=true')).toEqual({
      bucket: 'fyn-files', prefix: 'prod/', endpoint: 'http://127.0.0.1:9000', region: 'eu-central-1', forcePathStyle: true,
    });
    expect(parseFilesUrl('s3://fyn-files')).toEqual({ bucket: 'fyn-files', prefix: '', endpoint: null, region: 'us-east-1', forcePathStyle: false });
  });
  it('a wrong FILES_URL stops the start with one line naming it, never echoing a key', () => {
    expect(() => loadConfig({ ...base, FILES_URL: 'http://bucket' }, null)).toThrow('Invalid FILES_URL: must start with s3://');
    expect(() => loadConfig({ ...base, FILES_URL: 's3://AKIA:hunter2@bucket' }, null)).toThrow(/^Invalid FILES_URL: must not carry keys/);
    expect(() => loadConfig({ ...base, FILES_URL: 's3://fyn?bucket_acl=public' }, null)).toThrow('Invalid FILES_URL: has an unknown setting bucket_acl');
    expect(() => loadConfig({ ...base, FILES_URL: 's3://fyn-files', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, null)).toThrow('Missing AWS_SECRET_ACCESS_KEY');
  });
  it('with the keys, the store uses them; without FILES_URL files stay on disk', () => {
    const c = loadConfig({ ...base, FILES_URL: 's3://fyn-files?region=eu-west-1', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-example' }, null);
    expect(c.files).toEqual({ location: { bucket: 'fyn-files', prefix: '', endpoint: null, region: 'eu-west-1', forcePathStyle: false }, credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' } });
    expect(loadConfig(base, null).files).toBeNull();
  });
});
