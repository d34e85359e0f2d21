import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStore } from './store.ts';

/** Enough of a file's start to tell its type (the signatures we check are all within it). */
const HEAD_BYTES = 4096;

/**
 * An uploaded file on its way in: its first bytes (to tell its type) are read before anything is
 * stored; `store` then streams the whole file into the store, its size and SHA-256 counted on the
 * way, never holding it whole in memory; `whole` reads it into memory instead (pictures, which are
 * decoded and encoded again anyway). A file over the limit fails either with `tooLarge()`, and
 * `store` then leaves nothing stored.
 */
export type IncomingFile = {
  filename: string;
  head: Buffer;
  store(files: FileStore, key: string): Promise<{ size: number; sha256: string }>;
  whole(): Promise<Buffer>;
  /** Reads the rest and keeps none of it (a part the form does not want). */
  discard(): Promise<void>;
};

/** `file`: the upload's stream, as the multipart parser hands it over (`truncated` once it passed its size limit). */
export async function incomingFile(file: Readable & { truncated?: boolean }, filename: string, tooLarge: () => Error): Promise<IncomingFile> {
  const iterator = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // A form cut short or otherwise broken fails its stream: the client's mistake, answered as the
  // limit's 422 (as a whole read answered it), never a 500.
  const chunks = { next: () => iterator.next().catch(() => { throw tooLarge(); }) };
  const first: Buffer[] = [];
  let got = 0;
  let ended = false;
  while (got < HEAD_BYTES) {
    const r = await chunks.next();
    if (r.done) {
      ended = true;
      break;
    }
    first.push(r.value);
    got += r.value.length;
  }
  let taken = false;
  async function* all() {
    if (taken) throw new Error('an upload is read once');
    taken = true;
    yield* first;
    while (!ended) {
      const r = await chunks.next();
      if (r.done) break;
      yield r.value;
    }
    if (file.truncated) throw tooLarge();
  }
  return {
    filename,
    head: Buffer.concat(first),
    async store(files, key) {
      const hash = createHash('sha256');
      let size = 0;
      const counted = Readable.from((async function* () {
        for await (const chunk of all()) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      })(), { objectMode: false });
      await files.put(key, counted);
      return { size, sha256: hash.digest('hex') };
    },
    async whole() {
      const parts: Buffer[] = [];
      for await (const chunk of all()) parts.push(chunk);
      return Buffer.concat(parts);
    },
    async discard() {
      for await (const chunk of all()) void chunk;
    },
  };
}
