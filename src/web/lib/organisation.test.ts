// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('./api-client.ts', () => ({ api }));

const { fetchOrganisation } = await import('./organisation.ts');
const { useOrganisationStore } = await import('./organisation-store.ts');
const { useSessionStore } = await import('./session-store.ts');
const { sessionUser } = await import('../test/fixtures.ts');

describe('fetchOrganisation', () => {
  afterEach(() => {
    useSessionStore.getState().clear();
    vi.restoreAllMocks();
  });

  it('throws "Organisation not set" without an organisation', async () => {
    useSessionStore.getState().logIn(sessionUser());
    await expect(fetchOrganisation()).rejects.toThrow('Organisation not set');
    expect(api.get).not.toHaveBeenCalled();
  });

  it('keeps the organisation it fetched', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' } }));
    api.get.mockResolvedValue({ id: 'o1', name: 'Northwind', status: 'active' });
    await expect(fetchOrganisation()).resolves.toMatchObject({ id: 'o1' });
    expect(api.get).toHaveBeenCalledWith('/organisations/o1', { silent: true });
    expect(useOrganisationStore.getState().organisation).toMatchObject({ id: 'o1' });
  });

  it('only logs a failing fetch', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' } }));
    api.get.mockRejectedValue(new Error('down'));
    await expect(fetchOrganisation()).resolves.toBeNull();
    expect(log).toHaveBeenCalled();
  });
});
