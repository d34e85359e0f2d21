import type { SessionUser } from '#shared/api/user.ts';

/** A session user as GET /api/user answers it. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    name: 'Ann',
    email: 'ann@example.com',
    last_login: null,
    widget_sequence: null,
    organisation: null,
    premium: false,
    permissions: [],
    is_owner: false,
    locale: 'en',
    avatar_url: null,
    ...overrides,
  };
}
