import type { Mock } from 'vitest';
import type { StaffMember } from '#shared/api/staff.ts';
import { ALL_PERMISSIONS } from '#shared/resources/permissions.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import type { Role } from './cc-api.ts';

export const ME = sessionUser({ id: 'u1', email: 'ann@example.com', organisation: { id: 'o1', name: 'Northwind', status: 'active' }, premium: true });

const stamp = '2030-01-01T00:00:00.000Z';
export function role(id: string, name: string, permissions: readonly string[], builtin: Role['builtin'] = null): Role {
  return { id, name, description: null, permissions: [...permissions], builtin, created_at: stamp, updated_at: stamp };
}
export const OWNER = role('r-owner', 'Owner', ALL_PERMISSIONS, 'owner');
export const VIEWER = role('r-viewer', 'Viewer', ['control_centre.view']);

export function member(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    user_id: 'u1', name: 'Ann', email: 'ann@example.com', avatar_url: null, role_id: OWNER.id, role_name: 'Owner',
    department_id: null, department_name: null, job_title: null, status: 'active', joined_at: stamp, ...overrides,
  };
}

export const failure = (status: number, code: string, message = code, fields?: Record<string, string>) =>
  new ApiFailure({ status, code, message, fields });

export interface FakeApi {
  get: Mock;
  list: Mock;
  post: Mock;
  put: Mock;
  patch: Mock;
  delete: Mock;
}

/**
 * Logs in as a user whose role is `myRole` (the session's `permissions` and `is_owner` are the
 * role's, as GET /user answers them, and that call is answered the same way), and answers the
 * roles and staff lists; other calls go to `rest`.
 */
export function servePermissions(
  api: FakeApi,
  myRole: Role,
  rest: { get?: (url: string, config?: { params?: Record<string, unknown> }) => unknown; list?: (url: string, config?: { params?: Record<string, unknown> }) => unknown } = {},
  staff: StaffMember[] = [member({ role_id: myRole.id, role_name: myRole.name })],
) {
  const me = { ...ME, permissions: [...myRole.permissions], is_owner: myRole.builtin === 'owner' };
  useSessionStore.getState().logIn(me);
  api.list.mockImplementation(async (url: string, config?: { params?: Record<string, unknown> }) => {
    if (url === '/roles') return { data: [OWNER, VIEWER, myRole].filter((r, i, all) => all.findIndex((x) => x.id === r.id) === i), meta: { total: 3, page: 1, per_page: 100, next_cursor: null } };
    if (rest.list) return rest.list(url, config);
    throw new Error(`unexpected list ${url}`);
  });
  api.get.mockImplementation(async (url: string, config?: { params?: Record<string, unknown> }) => {
    if (url === '/user') return me;
    if (url === '/staff') return staff;
    if (rest.get) return rest.get(url, config);
    throw new Error(`unexpected GET ${url}`);
  });
}

export const page = <T>(data: T[], total = data.length, pageNo = 1, perPage = 25) => ({
  data,
  meta: { total, page: pageNo, per_page: perPage, next_cursor: null },
});
