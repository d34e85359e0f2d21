import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../modules/demo/seed.ts';
import { createClient, createTestApp, type TestApp } from '../test/harness.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The typed calls (committed) and, beside them, the types generated here from the document (git-ignored). */
const CLIENT = join(ROOT, 'src/server/test/openapi-client');

/** What typed-calls.ts exports (not imported as a type: its own types come from the generated file). */
type TypedCalls = {
  typedCalls(baseUrl: string, login: { email: string; password: string }): Promise<{
    user: { name: string; organisation: string | null; permissions: string[] };
    quotes: { number: string; status: string; sellMinor: number }[];
    more: string | null;
    refusal: { status: number; code: string | undefined };
  }>;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a client generated from the OpenAPI document', () => {
  it('type-checks typed calls against the document, and makes them against the app on 127.0.0.1', async () => {
    // openapi-typescript turns today's document into types: they are never stale, as they are made here.
    const types = astToString(await openapiTS(t.app.swagger() as never));
    mkdirSync(join(CLIENT, 'generated'), { recursive: true });
    writeFileSync(join(CLIENT, 'generated/openapi.ts'), types);
    writeFileSync(join(CLIENT, 'generated/tsconfig.json'), JSON.stringify({ extends: '../../../../../tsconfig.json', files: ['../typed-calls.ts'], include: [] }));
    // A path, parameter or field the document lacks is a type error here. The check runs in a
    // process of its own while the demo data the calls read is seeded here (each takes seconds).
    const checked = promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(CLIENT, 'generated/tsconfig.json')], { cwd: ROOT })
      .then(() => '', (err: { stdout?: string }) => err.stdout ?? String(err));
    await seedDemo(t.app.ctx);
    expect(await checked).toBe('');

    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    // Loaded by URL: the project's type check leaves the typed calls to the check above.
    const { typedCalls } = (await import(pathToFileURL(join(CLIENT, 'typed-calls.ts')).href)) as TypedCalls;
    const out = await typedCalls(`http://127.0.0.1:${port}`, { email: 'owner@demo.fyn.local', password: DEMO_PASSWORD });

    expect(out.user).toMatchObject({ name: 'Olivia Owner', organisation: 'Northwind Forwarding Ltd' });
    expect(out.user.permissions).toContain('quotes.view');
    // The same list as a browser gets it.
    const owner = createClient(t.app);
    await owner.post('/api/auth/login', { email: 'owner@demo.fyn.local', password: DEMO_PASSWORD });
    const seen = (await owner.get('/api/quotes?status=accepted&limit=3')).data as { data: { number: string; status: string; sell_minor: number }[]; meta: { next_cursor: string | null } };
    expect(out.quotes.length).toBeGreaterThan(0);
    expect(out.quotes).toEqual(seen.data.map((q) => ({ number: q.number, status: 'accepted', sellMinor: q.sell_minor })));
    expect(out.more).toBe(seen.meta.next_cursor);
    expect(out.refusal).toEqual({ status: 404, code: 'not_found' });
    // Generating the types and running tsc on them take a few seconds of CPU, more on a busy machine.
  }, 240_000);
});
