import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The key pair s3rver accepts. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * An S3-compatible server (s3rver) on 127.0.0.1, on a free port, with `bucket` made, its objects in
 * a temporary folder: what the S3 file store is tested against. `filesUrl` is the FILES_URL of it.
 */
export async function startS3Server(bucket = 'fyn-files') {
  const directory = mkdtempSync(join(tmpdir(), 'fyn-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    filesUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&force_path_style=true`,
    env: { FILES_URL: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&force_path_style=true`, AWS_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
