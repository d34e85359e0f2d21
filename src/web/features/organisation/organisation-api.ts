import type { Location } from '#shared/api/locations.ts';
import type { Organisation } from '#shared/api/organisations.ts';
import type { SessionUser } from '#shared/api/user.ts';
import { api } from '../../lib/api-client.ts';
import type { OrganisationBody } from './organisation-rules.ts';

export type { Organisation, Location };

const path = (id: string) => `/organisations/${encodeURIComponent(id)}`;

/** Calls of the organisation screens. */
export const organisationApi = {
  create: (body: OrganisationBody) => api.post<Organisation>('/organisations', body),
  get: (id: string) => api.get<Organisation>(path(id)),
  update: (id: string, body: Partial<OrganisationBody>) => api.patch<Organisation>(path(id), body),
  uploadLogo: (id: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<Organisation>(`${path(id)}/logo`, body);
  },
  removeLogo: (id: string) => api.delete<Organisation>(`${path(id)}/logo`),
  /** The session user again (its organisation, and premium), after a change. */
  sessionUser: () => api.get<SessionUser>('/user'),
};

export const organisationKey = (id: string) => ['organisation', id] as const;

