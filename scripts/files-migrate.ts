/**
 * `npm run files:migrate`: copies the files kept on this machine's disk (DATA_DIR/uploads, or the
 * folder given as the first argument) into the bucket of FILES_URL, with the keys of
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. Run it again after an interruption: what is already
 * there and verifies is skipped. Exits 1 when any file failed.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig, redactSecrets } from '../src/server/config.ts';
import { migrateFiles } from '../src/server/modules/files/migrate.ts';
import { createLocalFileStore, createS3FileStore, fileStoreRoot } from '../src/server/modules/files/store.ts';

async function main() {
  const config = loadConfig(process.env, null);
  if (!config.files) throw new ConfigError('Missing FILES_URL: the bucket to copy into (s3://bucket?endpoint=…&region=…&force_path_style=true)');
  const from = createLocalFileStore(process.argv[2] ? resolve(process.argv[2]) : fileStoreRoot(config.dataDir));
  const to = createS3FileStore(config.files.location, config.files.credentials);
  console.log(`files:migrate: from ${from.where} to ${to.where}`);
  const started = Date.now();
  const report = await migrateFiles(from, to, (line) => console.log(line));
  await to.close();
  console.log(
    `files:migrate: ${report.copied} copied (${report.bytes} bytes), ${report.present} already there, ${report.failed.length} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const f of report.failed) console.log(`  failed: ${f.key}: ${f.reason}`);
  process.exit(report.failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(`files:migrate: ${redactSecrets(err instanceof Error ? err.message : String(err), process.env)}`);
  process.exit(1);
});
