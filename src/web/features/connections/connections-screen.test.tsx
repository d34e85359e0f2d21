import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Connection } from '#shared/api/connections.ts';
import { userEvent } from '../../test/user.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { ConnectionsScreen } from './connections-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const stamp = '2026-11-20T09:00:00.000Z';
const connection = (id: string, name: string, extra: Partial<Connection> = {}): Connection => ({
  id, status: 'pending', direction: 'received', other: { type: 'user', id: `u-${id}`, name, avatar_url: null, subtitle: 'Hamburg Feeder Lines GmbH' },
  message: null, source: null, key_contact_user_id: null, key_contact_name: null, shared_with_organisation: false, created_at: stamp, updated_at: stamp, connected_at: null, ...extra,
});
const page = (data: Connection[], next_cursor: string | null = null) => ({ data, meta: { total: data.length, page: 1, per_page: 20, next_cursor } });

let suggestions: unknown[] = [];

/** A fake server: counts, the three lists by the caller (`as`), and suggestions. */
function serve(lists: { connected?: Connection[]; invitations?: Connection[]; requested?: Connection[] }, orgLists: typeof lists = {}) {
  api.get.mockImplementation(async (url: string, options?: { params?: { as?: string } }) => {
    if (url === '/connections/suggestions') return suggestions;
    if (url === '/staff') return [{ user_id: 'u-sofia', name: 'Sofia Ocean', status: 'active' }, { user_id: 'u-gone', name: 'Former Colleague', status: 'deactivated' }];
    if (url !== '/connections/counts') throw new Error(`unexpected GET ${url}`);
    const l = options?.params?.as === 'organisation' ? orgLists : lists;
    return { connected: l.connected?.length ?? 0, invitations: l.invitations?.length ?? 0, requested: l.requested?.length ?? 0 };
  });
  api.list.mockImplementation(async (url: string, options?: { params?: { as?: string } }) => {
    const l = options?.params?.as === 'organisation' ? orgLists : lists;
    const key = url === '/connections' ? 'connected' : url === '/connections/invitations' ? 'invitations' : 'requested';
    return page(l[key] ?? []);
  });
}

describe('connections screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind Forwarding Ltd', status: 'active' }, permissions: ['network.view'] }));
  });
  afterEach(() => useSessionStore.getState().clear());

  it('shows each tab with its count, and answers an invitation', async () => {
    const katrin = connection('c1', 'Katrin Vogel', { message: 'We run weekly feeders Hamburg–Felixstowe.', source: 'supplier' });
    serve({ connected: [connection('c0', 'Li Wei', { status: 'connected', connected_at: stamp })], invitations: [katrin] });
    api.patch.mockResolvedValue({ ...katrin, status: 'connected' });
    renderScreen(<ConnectionsScreen />, '/connections');
    expect(await screen.findByRole('tab', { name: 'Connections (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Invitations (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sent (0)' })).toBeTruthy();
    expect(await screen.findByText('Li Wei')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Invitations (1)' }));
    const list = await screen.findByRole('list', { name: 'Invitations' });
    expect(within(list).getByText('“We run weekly feeders Hamburg–Felixstowe.”')).toBeTruthy();
    expect(within(list).getByText(/how you know each other: supplier/)).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/connections/c1', { status: 'connected' }));
    expect(await screen.findByText('You are now connected with Katrin Vogel.')).toBeTruthy();
    // Everything is read again after a change.
    await waitFor(() => expect(api.get.mock.calls.filter(([u]) => u === '/connections/counts').length).toBeGreaterThan(1));
  });

  it('shares a personal connection with the organisation and says how the two know each other', async () => {
    const li = connection('c3', 'Li Wei', { status: 'connected', connected_at: stamp });
    serve({ connected: [li] });
    api.post.mockResolvedValue({ ...li, shared_with_organisation: true });
    api.patch.mockResolvedValue({ ...li, source: 'trade_show' });
    renderScreen(<ConnectionsScreen />, '/connections');
    const list = await screen.findByRole('list', { name: 'Connections' });
    await userEvent.click(within(list).getByRole('button', { name: 'Share with Northwind Forwarding Ltd' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/connections/c3/share'));
    expect(await screen.findByText('Li Wei is now shared with Northwind Forwarding Ltd.')).toBeTruthy();
    await userEvent.click(within(list).getByRole('combobox', { name: 'How you know Li Wei' }));
    await userEvent.click(await screen.findByTitle('trade show'));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/connections/c3/source', { source: 'trade_show' }));
    expect(await screen.findByText('Saved how you know Li Wei.')).toBeTruthy();
    // No key point of contact for a person's own connection.
    expect(within(list).queryByRole('combobox', { name: 'Key point of contact for Li Wei' })).toBeNull();
  });

  it('stops sharing, and sets the organisation’s key point of contact from its active members', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind Forwarding Ltd', status: 'active' }, permissions: ['network.view', 'network.update'] }));
    const shared = connection('c4', 'Pieter de Vries', { status: 'connected', connected_at: stamp, shared_with_organisation: true });
    const hamburg = connection('c5', 'Hamburg Feeder Lines GmbH', { status: 'connected', connected_at: stamp, other: { type: 'organisation', id: 'o-hfl', name: 'Hamburg Feeder Lines GmbH', avatar_url: null, subtitle: 'DE' } });
    serve({ connected: [shared] }, { connected: [hamburg] });
    api.delete.mockResolvedValue({ ...shared, shared_with_organisation: false });
    api.put.mockResolvedValue({ ...hamburg, key_contact_user_id: 'u-sofia' });
    renderScreen(<ConnectionsScreen />, '/connections');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop sharing with Northwind Forwarding Ltd' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/connections/c4/share'));
    expect(await screen.findByText('Pieter de Vries is no longer shared with Northwind Forwarding Ltd.')).toBeTruthy();

    await userEvent.click(screen.getByText('Northwind Forwarding Ltd', { selector: '.ant-segmented-item-label' }));
    const contact = await screen.findByRole('combobox', { name: 'Key point of contact for Hamburg Feeder Lines GmbH' });
    await userEvent.click(contact);
    await userEvent.click(await screen.findByTitle('Sofia Ocean'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/connections/c5/key-contact', { user_id: 'u-sofia' }));
    expect(await screen.findByText('Key point of contact for Hamburg Feeder Lines GmbH saved.')).toBeTruthy();
    // A former colleague is not offered; an organisation's connection is not "shared".
    expect(screen.queryByTitle('Former Colleague')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Share with/ })).toBeNull();
  });

  it('shows the organisation’s connections without offering changes to a member who may only see them', async () => {
    const rotterdam = connection('c6', 'Rotterdam Barge Services B.V.', {
      status: 'connected', connected_at: stamp, source: 'supplier', key_contact_user_id: 'u-arjun', key_contact_name: 'Arjun Mehta',
      other: { type: 'organisation', id: 'o-rbs', name: 'Rotterdam Barge Services B.V.', avatar_url: null, subtitle: 'NL' },
    });
    serve({ connected: [connection('c7', 'Li Wei', { status: 'connected', connected_at: stamp })] }, { connected: [rotterdam] });
    renderScreen(<ConnectionsScreen />, '/connections');
    // Their own connections stay theirs to change.
    const own = await screen.findByRole('list', { name: 'Connections' });
    expect(within(own).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(within(own).getByRole('combobox', { name: 'How you know Li Wei' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Your role cannot change your organisation’s connections.')).toBeNull();

    await userEvent.click(screen.getByText('Northwind Forwarding Ltd', { selector: '.ant-segmented-item-label' }));
    const item = (await screen.findByText('Rotterdam Barge Services B.V.')).closest('li')!;
    // Each field is named by a visible label; the key point of contact reads by name, with no staff list to look it up in.
    const contact = within(item).getByRole('combobox', { name: 'Key point of contact for Rotterdam Barge Services B.V.' });
    expect(within(item).getByText('Key point of contact for Rotterdam Barge Services B.V.', { selector: 'label' })).toBeTruthy();
    expect(contact.hasAttribute('disabled')).toBe(true);
    expect(contact.closest('.ant-select')?.textContent).toContain('Arjun Mehta');
    const source = within(item).getByRole('combobox', { name: 'How you know Rotterdam Barge Services B.V.' });
    expect(source.hasAttribute('disabled')).toBe(true);
    expect(source.closest('.ant-select')?.textContent).toContain('supplier');
    // Said once, in the field, not again beside it.
    expect(within(item).queryByText(/how you know each other: supplier/)).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.getAllByText('Your role cannot change your organisation’s connections.')).toHaveLength(1);
    expect(api.get).not.toHaveBeenCalledWith('/staff', expect.anything());
  });

  it('asks before disconnecting, and says so when the other side moved first', async () => {
    serve({ connected: [connection('c2', 'Pieter de Vries', { status: 'connected', connected_at: stamp, shared_with_organisation: true })] });
    api.patch.mockRejectedValue(new ApiFailure({ status: 409, code: 'invalid_transition', message: 'A disconnected connection cannot become disconnected from this side.' }));
    renderScreen(<ConnectionsScreen />, '/connections');
    expect(await screen.findByText('Shared with your organisation')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(api.patch).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Disconnect from Pieter de Vries?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/connections/c2', { status: 'disconnected' }));
    expect(await screen.findByText('This request changed in the meantime; the list has been refreshed.')).toBeTruthy();
  });

  it('shows the organisation’s network to staff who may see it, and says plainly when a tab is empty', async () => {
    serve({}, { invitations: [connection('c3', 'Valencia Freight Services S.L.', { other: { type: 'organisation', id: 'o2', name: 'Valencia Freight Services S.L.', avatar_url: null, subtitle: 'ES' } })] });
    renderScreen(<ConnectionsScreen />, '/connections');
    expect(await screen.findByText('No connections yet')).toBeTruthy();
    await userEvent.click(screen.getByText('Northwind Forwarding Ltd'));
    expect(await screen.findByRole('tab', { name: 'Invitations (1)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Invitations (1)' }));
    expect(await screen.findByText('Spain')).toBeTruthy();
    expect(api.list).toHaveBeenCalledWith('/connections', { params: { as: 'organisation', per_page: 20, status: 'connected' } });
    expect(api.list).toHaveBeenLastCalledWith('/connections/invitations', { params: { as: 'organisation', per_page: 20 } });
  });

  it('offers no organisation switch to someone without the network permission', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind Forwarding Ltd', status: 'active' }, permissions: [] }));
    serve({});
    renderScreen(<ConnectionsScreen />, '/connections');
    expect(await screen.findByText('No connections yet')).toBeTruthy();
    expect(screen.queryByText('Northwind Forwarding Ltd')).toBeNull();
  });

  it('suggests people one may know, with why, and asks for one', async () => {
    suggestions = [{ id: 'u9', name: 'Ahmed Al-Mansouri', avatar_url: null, organisation: 'Gulf Bridge Logistics LLC', mutual: 2, same_network: true, same_port: false }];
    serve({});
    api.post.mockResolvedValue({});
    renderScreen(<ConnectionsScreen />, '/connections');
    await userEvent.click(await screen.findByRole('tab', { name: 'People you may know' }));
    const list = await screen.findByRole('list', { name: 'People you may know' });
    expect(within(list).getByText('Mutual connections: 2 · Same forwarder network')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Connect with Ahmed Al-Mansouri' }));
    const form = await screen.findByRole('tooltip');
    await userEvent.click(within(form).getByRole('combobox', { name: 'How you know each other (optional)' }));
    await userEvent.click(await screen.findByText('forwarder network', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/connections', { target: { type: 'user', id: 'u9' }, source: 'network_membership' }));
    expect(await screen.findByText('Request sent to Ahmed Al-Mansouri.')).toBeTruthy();
    // The organisation's view has no suggestions tab.
    await userEvent.click(screen.getByText('Northwind Forwarding Ltd'));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'People you may know' })).toBeNull());
    suggestions = [];
  });
});
