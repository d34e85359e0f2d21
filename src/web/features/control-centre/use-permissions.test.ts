import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { refreshSession } from '../../lib/session.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { usePermissions } from './use-permissions.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const userCalls = () => api.get.mock.calls.filter(([url]) => url === '/user').length;

describe('the session user, read once', () => {
  afterEach(() => vi.useRealTimers());

  it('a page load reads GET /api/user once: the start-up check and the control centre’s permissions share it', async () => {
    useSessionStore.getState().logIn(sessionUser({ permissions: [] }));
    api.get.mockResolvedValue(sessionUser({ permissions: ['crm.view'] }));
    const started = refreshSession();
    const { result } = renderHook(() => usePermissions());
    await started;
    await waitFor(() => expect(result.current.can('crm', 'view')).toBe(true));
    expect(userCalls()).toBe(1);

    // Another control-centre page within the minute: what was read is still good.
    renderHook(() => usePermissions());
    expect(userCalls()).toBe(1);

    // Later, a control-centre page reads the permissions again (a role may have changed).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    api.get.mockResolvedValue(sessionUser({ permissions: ['crm.view', 'crm.create'] }));
    const later = renderHook(() => usePermissions());
    await waitFor(() => expect(later.result.current.can('crm', 'create')).toBe(true));
    expect(userCalls()).toBe(2);
  });
});
