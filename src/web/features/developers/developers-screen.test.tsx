import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../lib/query-client.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { userEvent } from '../../test/user.ts';
import { DevelopersScreen } from './developers-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const key = { id: 'k1', name: 'ERP sync', prefix: 'fyn_live_AbCd', scopes: ['quotes.view'], expires_at: null, created_at: '2026-11-01T09:00:00.000Z', created_by: 'u1', last_used_at: '2026-11-27T09:00:00.000Z', last_used_ip: '10.0.0.1', previous_valid_until: null };
const endpoint = { id: 'e1', url: 'https://erp.example.com/hooks', description: 'ERP', event_types: ['booking.confirmed'], enabled: true, disabled_reason: null, failing_since: null, previous_secret_until: null, created_at: '2026-11-01T09:00:00.000Z', updated_at: '2026-11-01T09:00:00.000Z' };
const attempt = { id: 'a1', delivery_id: 'd1', endpoint_id: 'e1', webhook_id: 'evt_1', event_type: 'booking.confirmed', status: 'failed', response_status: 503, duration_ms: 120, response_body: 'busy', error: null, attempted_at: '2026-11-27T09:00:00.000Z', delivery_status: 'pending', next_attempt_at: '2026-11-27T09:05:00.000Z' };

describe('developer page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ permissions: ['developers.view', 'developers.create', 'developers.update', 'developers.delete', 'quotes.view', 'operations.view'] }));
    api.get.mockImplementation(async (url: string) => {
      if (url === '/api-keys') return [key];
      if (url === '/webhook-endpoints') return [endpoint];
      if (url.startsWith('/webhook-deliveries')) return [attempt];
      if (url === '/webhook-event-types') return [{ type: 'booking.confirmed', description: '' }];
      return [];
    });
  });
  afterEach(() => {
    useSessionStore.getState().clear();
    queryClient.clear();
  });

  it('lists keys, endpoints and the delivery log, with the API reference at hand', async () => {
    renderScreen(<DevelopersScreen />, '/organisation/dev');
    const keys = await screen.findByRole('table', { name: 'API keys' });
    expect(await within(keys).findByText('ERP sync')).toBeTruthy();
    expect(within(keys).getByText('fyn_live_AbCd…')).toBeTruthy();
    const endpoints = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(await within(endpoints).findByText('https://erp.example.com/hooks')).toBeTruthy();
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(await within(log).findByText('503')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/docs');
    // Titled as its menu entry and breadcrumb name it.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Developer tools');
    await userEvent.click(within(log).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/webhook-deliveries/a1/resend', {}));
  });

  it('offers only the permissions the person holds, and shows a new key once', async () => {
    api.post.mockResolvedValue({ ...key, id: 'k2', name: 'Script', key: 'fyn_live_0123456789abcdefghijABCDEFGHIJ0123456789' });
    renderScreen(<DevelopersScreen />, '/organisation/dev');
    await userEvent.click(await screen.findByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'quotes.view' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'billing.update' })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Script');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'quotes.view' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api-keys', { name: 'Script', scopes: ['quotes.view'], expires_at: null }));
    expect((await screen.findByTestId('new-api-key')).textContent).toContain('fyn_live_0123456789abcdefghijABCDEFGHIJ0123456789');
  });

  it('says what is missing to a person without the Developers permission', async () => {
    useSessionStore.getState().logIn(sessionUser({ permissions: ['quotes.view'] }));
    renderScreen(<DevelopersScreen />, '/organisation/dev');
    expect(await screen.findByText(/does not include the Developers permission/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'API keys' })).toBeNull();
  });
});
