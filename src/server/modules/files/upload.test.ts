import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { incomingFile } from './upload.ts';

class Refused extends Error {}

describe('incomingFile', () => {
  it('answers a stream that breaks (a form cut short) with the caller’s client error, not the parser’s', async () => {
    const broken = new Readable({ read() { this.destroy(new Error('Unexpected end of form')); } });
    await expect(incomingFile(broken, 'x.png', () => new Refused('refused'))).rejects.toBeInstanceOf(Refused);
  });

  it('reads a file whole with its head, once', async () => {
    const file = await incomingFile(Readable.from([Buffer.from('abc'), Buffer.from('def')]), 'x.txt', () => new Refused('refused'));
    expect(file.head.toString()).toBe('abcdef');
    expect((await file.whole()).toString()).toBe('abcdef');
    await expect(file.whole()).rejects.toThrow('an upload is read once');
  });
});
