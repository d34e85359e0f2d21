/** What the tests use of s3rver (3.7), which ships no types. */
declare module 's3rver' {
  type Options = { address?: string; port?: number; directory: string; silent?: boolean; configureBuckets?: { name: string; configs: (string | Buffer)[] }[] };
  // eslint-disable-next-line no-restricted-syntax -- describes s3rver's own default export
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
