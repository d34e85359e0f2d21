import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ROLES } from '#shared/resources/permissions.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The statement of migration 0027 that gives the stored built-in roles the developers module. */
const grant = readFileSync(new URL('../../db/migrations/0027_developer_platform.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .filter((s) => /UPDATE "roles"/.test(s));

describe('permission module developers', () => {
  it('is held by Owner and Admin (view, create, update, delete; no export), not by Staff', () => {
    const dev = (p: readonly string[]) => p.filter((x) => x.startsWith('developers.')).sort();
    expect(dev(BUILTIN_ROLES.owner.permissions)).toEqual(['developers.create', 'developers.delete', 'developers.update', 'developers.view']);
    expect(dev(BUILTIN_ROLES.admin.permissions)).toEqual(['developers.create', 'developers.delete', 'developers.update', 'developers.view']);
    expect(dev(BUILTIN_ROLES.staff.permissions)).toEqual([]);
  });

  it('reaches the roles organisations stored before it existed (migration 0027), and only the built-in Owner and Admin', async () => {
    const o = await who.owner();
    const { query } = t.database;
    await query(`update roles set permissions = array(select p from unnest(permissions) p where p not like 'developers.%') where organisation_id = $1`, [o.orgId]);
    await query(`insert into roles (organisation_id, id, name, builtin, permissions) values ($1, gen_random_uuid(), 'Clerk', null, '{quotes.view}')`, [o.orgId]);
    expect(grant).toHaveLength(1);
    await query(grant[0]);
    const rows = await query<{ builtin: string | null; name: string; permissions: string[] }>('select builtin, name, permissions from roles where organisation_id = $1 order by name', [o.orgId]);
    const of = (name: string) => rows.find((r) => r.name === name)!.permissions;
    expect(of('Owner')).toEqual([...BUILTIN_ROLES.owner.permissions].sort());
    expect(of('Admin').filter((p) => p.startsWith('developers.'))).toEqual(['developers.create', 'developers.delete', 'developers.update', 'developers.view']);
    expect(of('Staff').some((p) => p.startsWith('developers.'))).toBe(false);
    expect(of('Clerk')).toEqual(['quotes.view']);
    // Run twice, nothing doubles.
    await query(grant[0]);
    const again = await query<{ permissions: string[] }>(`select permissions from roles where organisation_id = $1 and builtin = 'owner'`, [o.orgId]);
    expect(again[0].permissions).toEqual([...BUILTIN_ROLES.owner.permissions].sort());
  });

  it('is offered by GET /api/permission-modules without an export action', async () => {
    const o = await who.owner();
    const res = await o.get('/api/permission-modules');
    expect(res.data.data.find((m: { module: string }) => m.module === 'developers')).toEqual({ module: 'developers', actions: ['view', 'create', 'update', 'delete'] });
  });
});
