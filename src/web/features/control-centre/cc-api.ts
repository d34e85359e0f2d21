import type { Conversion } from '#shared/api/exchange.ts';
import type { StaffMember } from '#shared/api/staff.ts';
import type { PermissionAction, PermissionModule } from '#shared/resources/permissions.ts';
import { api, type ListPage } from '../../lib/api-client.ts';

/** A record of a resource as the API answers it (snake_case fields). */
export type ResourceRecord = { id: string; created_at: string; updated_at: string } & Record<string, unknown>;

export type Role = ResourceRecord & {
  name: string;
  description: string | null;
  permissions: string[];
  builtin: 'owner' | 'admin' | 'staff' | null;
};

export type Invitation = {
  id: string;
  email: string;
  role_id: string;
  role_name: string;
  department_id: string | null;
  expires_at: string;
  accepted_at: string | null;
  created_at: string;
};

export type StaffPatch = Partial<Pick<StaffMember, 'role_id' | 'department_id' | 'job_title' | 'status'>>;


export type { StaffMember };

/** The query of a list call (docs/architecture.md#lists): page, per_page, sort, q and filter[field]. */
export type ListQuery = Record<string, string | number>;

const base = (name: string) => `/${encodeURIComponent(name)}`;

/** Calls of the control centre (GET/POST/PATCH/DELETE /api/<resource>, staff, roles). */
export const ccApi = {
  list: (name: string, params: ListQuery, signal?: AbortSignal): Promise<ListPage<ResourceRecord>> =>
    api.list<ResourceRecord>(base(name), { params, signal }),
  get: (name: string, id: string) => api.get<ResourceRecord>(`${base(name)}/${encodeURIComponent(id)}`),
  create: (name: string, body: Record<string, unknown>) => api.post<ResourceRecord>(base(name), body),
  update: (name: string, id: string, body: Record<string, unknown>) =>
    api.patch<ResourceRecord>(`${base(name)}/${encodeURIComponent(id)}`, body),
  remove: (name: string, id: string) => api.delete(`${base(name)}/${encodeURIComponent(id)}`),

  summary: () => api.get<Record<string, number>>('/control-centre/summary'),
  permissionModules: () => api.get<{ module: PermissionModule; actions: PermissionAction[] }[]>('/permission-modules'),
  roles: () => api.list<Role>('/roles', { params: { per_page: 100, sort: 'name' } }).then((page) => page.data),

  staff: (q?: string, signal?: AbortSignal) => api.get<StaffMember[]>('/staff', { params: q ? { q } : undefined, signal }),
  patchStaff: (userId: string, body: StaffPatch) => api.patch<StaffMember>(`/staff/${encodeURIComponent(userId)}`, body),
  invitations: () => api.get<Invitation[]>('/staff/invitations'),
  invite: (body: { email: string; role_id: string; department_id?: string | null }) =>
    api.post<Invitation>('/staff/invitations', body),
  withdrawInvitation: (id: string) => api.delete(`/staff/invitations/${encodeURIComponent(id)}`),

  convert: (params: { amount: number; from: string; to: string; date?: string }) =>
    api.get<Conversion>('/exchange-rates/convert', { params }),
};

/** Where an export downloads from: the list's filters, sort and search, as CSV or XLSX. */
export function exportUrl(name: string, params: ListQuery, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(params)) {
    if (key !== 'page' && key !== 'per_page' && key !== 'cursor') query.set(key, String(value));
  }
  return `/api${base(name)}/export?${query.toString()}`;
}

/** react-query keys of the control centre; invalidating `['cc', name]` refreshes a resource everywhere. */
export const ccKeys = {
  resource: (name: string) => ['cc', name] as const,
  list: (name: string, params: ListQuery) => ['cc', name, 'list', params] as const,
  record: (name: string, id: string) => ['cc', name, 'record', id] as const,
  options: (name: string, q: string) => ['cc', name, 'options', q] as const,
  staff: ['cc', 'staff'] as const,
  roles: ['cc', 'roles'] as const,
  invitations: ['cc', 'staff', 'invitations'] as const,
  summary: ['cc', 'summary'] as const,
  modules: ['cc', 'permission-modules'] as const,
};
