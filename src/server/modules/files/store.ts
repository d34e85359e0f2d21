import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Where uploaded files live: DATA_DIR/uploads by default (an S3-compatible store is the scale-out path). */
export type FileStore = {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
};

const KEY = /^[a-z0-9-]+\/[a-z0-9-]+\.[a-z0-9]+$/;

export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid file key ${key}`);
    const p = resolve(base, key);
    if (!p.startsWith(base + sep)) throw new Error(`invalid file key ${key}`);
    return p;
  };
  return {
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      // Write then rename, so that a reader never sees half a file.
      const tmp = `${p}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, p);
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      const p = pathOf(key);
      try {
        const s = await stat(p);
        return { stream: createReadStream(p), size: s.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
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
