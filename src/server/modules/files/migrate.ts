import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStore } from './store.ts';

export type MigrationReport = {
  /** Files copied and verified by this run. */
  copied: number;
  /** Files already in the target, same size and checksum (a run after an interrupted one). */
  present: number;
  /** Keys that could not be copied or did not verify, with why. */
  failed: { key: string; reason: string }[];
  /** Bytes copied by this run. */
  bytes: number;
};

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every file of `from` into `to` (`npm run files:migrate`: a disk store into a bucket).
 * Resumable: a file the target already holds with the same size and SHA-256 is left as it is, so a
 * run that stopped half-way is simply run again. Each copy is streamed and then verified by reading
 * it back from the target (size and SHA-256); a file that does not verify is reported and removed.
 */
export async function migrateFiles(from: FileStore, to: FileStore, log: (line: string) => void = () => {}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, present: 0, failed: [], bytes: 0 };
  for await (const { key, size } of from.list()) {
    try {
      const source = await from.get(key);
      if (!source) continue; // deleted since listed
      const sha256 = await sha256Of(source.stream);
      const there = await to.head(key);
      if (there && there.size === size && (there.sha256 ?? (await hashOf(to, key))) === sha256) {
        report.present += 1;
        continue;
      }
      const again = await from.get(key);
      if (!again) continue;
      await to.put(key, again.stream, { sha256 });
      const check = await to.head(key);
      const copiedHash = check ? await hashOf(to, key) : null;
      if (!check || check.size !== size || copiedHash !== sha256) {
        await to.delete(key).catch(() => undefined);
        throw new Error(`did not verify (target ${check ? `${check.size} bytes, sha256 ${copiedHash}` : 'missing'}; source ${size} bytes, sha256 ${sha256})`);
      }
      report.copied += 1;
      report.bytes += size;
      log(`copied ${key} (${size} bytes, sha256 ${sha256.slice(0, 12)}…)`);
    } catch (err) {
      report.failed.push({ key, reason: (err as Error).message });
      log(`FAILED ${key}: ${(err as Error).message}`);
    }
  }
  return report;
}

async function hashOf(store: FileStore, key: string): Promise<string | null> {
  const file = await store.get(key);
  return file ? sha256Of(file.stream) : null;
}
