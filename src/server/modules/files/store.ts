import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/** A stored file being read: its bytes as a stream, and their number. */
export type StoredFile = { stream: Readable; size: number };

/**
 * Where uploaded and generated files live (docs/architecture.md#files): DATA_DIR/uploads on this
 * machine's disk (the embedded default), or a bucket of any S3-compatible object store (FILES_URL),
 * so that a file written through one app node is read through any other.
 */
export type FileStore = {
  /** `disk` or `s3`: for the start log and `npm run files:migrate`. */
  readonly kind: 'disk' | 's3';
  /** Where, in words without secrets (a folder, or bucket and endpoint). */
  readonly where: string;
  /**
   * Stores a file whole or not at all: a stream is written as it arrives (never held whole in
   * memory), and a stream that fails (too large, cut short) leaves nothing behind. Answers its size.
   */
  put(key: string, data: Buffer | Readable, options?: { sha256?: string }): Promise<{ size: number }>;
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The file's size (and the SHA-256 its writer recorded, on S3), or null when there is none. */
  head(key: string): Promise<{ size: number; sha256: string | null } | null>;
  delete(key: string): Promise<void>;
  /** Every stored key with its size, in no promised order. */
  list(): AsyncIterable<{ key: string; size: number }>;
  close(): Promise<void>;
};

/** Keys: one folder, one name of lower-case letters, digits and dashes, one extension. */
export const FILE_KEY = /^[a-z0-9-]+\/[a-z0-9-]+\.[a-z0-9]+$/;

export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!FILE_KEY.test(key)) throw new Error(`invalid file key ${key}`);
    const p = resolve(base, key);
    if (!p.startsWith(base + sep)) throw new Error(`invalid file key ${key}`);
    return p;
  };
  let serial = 0;
  return {
    kind: 'disk',
    where: base,
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file, and a failed write leaves none.
      const tmp = `${p}.${process.pid}-${++serial}.tmp`;
      try {
        await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(tmp));
        const { size } = await stat(tmp);
        await rename(tmp, p);
        return { size };
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      if (!FILE_KEY.test(key)) return null;
      const p = pathOf(key);
      try {
        const s = await stat(p);
        return { stream: createReadStream(p), size: s.size };
      } catch {
        return null;
      }
    },
    async head(key) {
      if (!FILE_KEY.test(key)) return null;
      const s = await stat(pathOf(key)).catch(() => null);
      return s?.isFile() ? { size: s.size, sha256: null } : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list() {
      const folders = await readdir(base, { withFileTypes: true }).catch(() => []);
      for (const folder of folders) {
        if (!folder.isDirectory()) continue;
        for (const entry of await readdir(join(base, folder.name), { withFileTypes: true })) {
          const key = relative(base, join(base, folder.name, entry.name)).split(sep).join('/');
          if (!entry.isFile() || !FILE_KEY.test(key)) continue; // half-written *.tmp files are not files yet
          const s = await stat(join(base, key)).catch(() => null);
          if (s) yield { key, size: s.size };
        }
      }
    },
    async close() {},
  };
}

/** Where an S3-compatible store is, read from FILES_URL. */
export type S3Location = { bucket: string; prefix: string; endpoint: string | null; region: string; forcePathStyle: boolean };

/**
 * `s3://bucket[/prefix]?endpoint=http://host:port&region=eu-central-1&force_path_style=true`:
 * the bucket, an optional key prefix, and, for a store that is not AWS, its endpoint (path-style
 * addressing is what most S3-compatible stores want). Throws a sentence naming what is wrong.
 */
export function parseFilesUrl(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must look like s3://bucket?region=…');
  }
  if (url.protocol !== 's3:') throw new Error('must start with s3://');
  if (url.username || url.password) throw new Error('must not carry keys (use AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error('must name a bucket (3 to 63 lower-case letters, digits, dots, dashes)');
  const known = new Set(['endpoint', 'region', 'force_path_style']);
  for (const k of url.searchParams.keys()) if (!known.has(k)) throw new Error(`has an unknown setting ${k} (known: endpoint, region, force_path_style)`);
  const endpoint = url.searchParams.get('endpoint');
  if (endpoint !== null && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error('endpoint must be an http:// or https:// address');
  const style = url.searchParams.get('force_path_style');
  if (style !== null && !['true', 'false'].includes(style)) throw new Error('force_path_style must be true or false');
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[a-z0-9/_-]+$/.test(prefix)) throw new Error('prefix must be lower-case letters, digits, dashes, slashes');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: url.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: style === 'true',
  };
}

const notFoundError = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Files in a bucket of an S3-compatible store, through the AWS SDK v3 client. Keys are taken from
 * `credentials` when given (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY), else from the SDK's own
 * chain (an instance role, a profile). Streams go up in parts (lib-storage's Upload) so a large
 * upload is never held whole; an object appears only once complete.
 */
export function createS3FileStore(location: S3Location, credentials?: { accessKeyId: string; secretAccessKey: string }): FileStore {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint ?? undefined,
    forcePathStyle: location.forcePathStyle,
    credentials,
    // Checksums only where S3 demands them: many S3-compatible stores reject the newer trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket, prefix } = location;
  const objectKey = (key: string) => {
    if (!FILE_KEY.test(key)) throw new Error(`invalid file key ${key}`);
    return prefix + key;
  };
  return {
    kind: 's3',
    where: `s3://${bucket}/${prefix}${location.endpoint ? ` at ${location.endpoint}` : ''}`,
    async put(key, data, options) {
      let size = 0;
      // Counted on its way up (a listener of its own would set the stream flowing before the upload reads it).
      const body = Buffer.isBuffer(data)
        ? data
        : data.pipe(new Transform({ transform(chunk: Buffer, _enc, done) { size += chunk.length; done(null, chunk); } }));
      if (!Buffer.isBuffer(data)) data.once('error', (err) => (body as Transform).destroy(err));
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: body, Metadata: options?.sha256 ? { sha256: options.sha256 } : undefined },
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // A source stream that failed (too large, cut short) leaves no object and no parts behind.
        await upload.abort().catch(() => undefined);
        if (!Buffer.isBuffer(data)) data.destroy();
        throw err;
      }
      return { size: Buffer.isBuffer(data) ? data.length : size };
    },
    async get(key) {
      if (!FILE_KEY.test(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
      } catch (err) {
        if (notFoundError(err)) return null;
        throw err;
      }
    },
    async head(key) {
      if (!FILE_KEY.test(key)) return null;
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: Number(out.ContentLength ?? 0), sha256: out.Metadata?.sha256 ?? null };
      } catch (err) {
        if (notFoundError(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          const key = (o.Key ?? '').slice(prefix.length);
          if (FILE_KEY.test(key)) yield { key, size: Number(o.Size ?? 0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async close() {
      client.destroy();
    },
  };
}

/** Image types accepted for avatars and logos, recognised by their first bytes, not their name. */
export const IMAGE_TYPES = {
  png: { mime: 'image/png', test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  jpg: { mime: 'image/jpeg', test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  webp: { mime: 'image/webp', test: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
} as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

export function sniffImage(data: Buffer): ImageExt | null {
  for (const [ext, t] of Object.entries(IMAGE_TYPES)) if (t.test(data)) return ext as ImageExt;
  return null;
}

export const fileStoreRoot = (dataDir: string) => join(dataDir, 'uploads');

/** A header parameter value as RFC 5987 writes it: encodeURIComponent leaves ' ( ) * as they are, which end or break it there. */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Answers a stored file: its type and length, kept privately by the browser (`cache`, an immutable
 * picture by default), shown in the page (`inline`) or always downloaded under `download`'s name.
 */
export function sendFile(reply: FastifyReply, file: { stream: Readable; size: number }, type: string, options: { download?: string; cache?: string } = {}) {
  const disposition = options.download
    ? `attachment; filename="${options.download.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${rfc5987(options.download)}`
    : 'inline';
  return reply
    .header('content-type', type)
    .header('content-length', String(file.size))
    .header('cache-control', options.cache ?? 'private, max-age=31536000, immutable')
    .header('content-disposition', disposition)
    .send(file.stream);
}
