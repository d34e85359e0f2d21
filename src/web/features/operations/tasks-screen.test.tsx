import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { BoardTask, TaskBoard } from '#shared/api/operations.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { userEvent } from '../../test/user.ts';
import { createdMessage } from './task-form.tsx';
import { TasksScreen } from './tasks-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));
const live = vi.hoisted(() => ({ listeners: new Set<(e: unknown) => void>() }));
vi.mock('../../lib/live.ts', () => ({
  onLive: (l: (e: unknown) => void) => {
    live.listeners.add(l);
    return () => live.listeners.delete(l);
  },
}));

const task = (over: Partial<BoardTask>): BoardTask => ({
  id: 't1', title: 'Send the arrival notice to the consignee', description: null, status: 'todo', priority: 'normal', due_on: '2026-11-20', overdue: true,
  assignee: { id: 'u-me', name: 'Sofia Marin' }, shipment: { id: 's1', name: 'S-2026-00002' }, booking: null, client: null,
  created_at: '2026-11-01T09:00:00.000Z', updated_at: '2026-11-01T09:00:00.000Z', ...over,
});
const board = (data: BoardTask[], over: Partial<TaskBoard['meta']> = {}): TaskBoard => ({
  data,
  meta: {
    total: data.length, page: 1, per_page: 25, counts: { open: 7, overdue: 2, done: 12, due_this_week: 3 }, scopes: ['mine', 'team', 'all'],
    department: { id: 'd1', name: 'Ocean desk' }, week: { from: '2026-11-23', to: '2026-11-29' }, ...over,
  },
});
const staff = [{ user_id: 'u-me', name: 'Sofia Marin', department: null }, { user_id: 'u-arjun', name: 'Arjun Patel', department: { id: 'd1', name: 'Ocean desk' } }];
const lastBoardParams = () => api.list.mock.calls.filter(([url]) => url === '/tasks/board').at(-1)![1].params;

describe('task assignment', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    live.listeners.clear();
    useSessionStore.getState().logIn(sessionUser({ id: 'u-me', permissions: ['operations.view', 'operations.create', 'operations.update', 'staff.view'] }));
    api.get.mockImplementation(async (url: string) => (url === '/tasks/assignees' ? staff : []));
    api.list.mockImplementation(async () => board([task({}), task({ id: 't2', title: 'Book the haulier', priority: 'urgent', due_on: '2026-11-30', overdue: false, assignee: null, shipment: null, client: { id: 'p1', name: 'Acme Homewares Ltd' } })]));
  });
  afterEach(() => {
    useSessionStore.getState().clear();
    queryClient.clear();
  });

  it('shows one page of mine with the counts from the server, and asks the server again for each filter', async () => {
    renderScreen(<TasksScreen />, '/task-assignment');
    const table = await screen.findByRole('table', { name: 'Tasks' });
    expect(await within(table).findByText('Send the arrival notice to the consignee')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'S-2026-00002' }).getAttribute('href')).toBe('/organisation/crm/shipment-management/s1');
    expect(within(table).getByText('Acme Homewares Ltd')).toBeTruthy();
    expect(within(table).getAllByText('Overdue')).toHaveLength(1);
    expect(screen.getByText('My team (Ocean desk)')).toBeTruthy();
    expect(screen.getByText('Due this week (3)')).toBeTruthy();
    expect(lastBoardParams()).toMatchObject({ scope: 'mine', state: 'open', page: 1, per_page: 25 });
    expect(lastBoardParams().today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await userEvent.click(screen.getByText('Overdue', { selector: '.ant-segmented-item-label *' }));
    await waitFor(() => expect(lastBoardParams()).toMatchObject({ state: 'overdue' }));
    await userEvent.click(screen.getByText('My team (Ocean desk)'));
    await waitFor(() => expect(lastBoardParams()).toMatchObject({ scope: 'team', state: 'overdue' }));
    await userEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(lastBoardParams()).toMatchObject({ due_this_week: 'true' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'haulier');
    await waitFor(() => expect(lastBoardParams()).toMatchObject({ q: 'haulier', page: 1 }));
  });

  it('offers only the scopes the role allows', async () => {
    api.list.mockResolvedValue(board([], { scopes: ['mine'], department: null }));
    renderScreen(<TasksScreen />, '/task-assignment');
    expect(await screen.findByText('No open tasks here.')).toBeTruthy();
    const all = screen.getByText('All').closest('label') as HTMLElement;
    expect(all.className).toMatch(/disabled/);
    expect((screen.getByText('My team').closest('label') as HTMLElement).className).toMatch(/disabled/);
  });

  it('completes, reopens and reassigns', async () => {
    api.post.mockResolvedValue({});
    renderScreen(<TasksScreen />, '/task-assignment');
    await userEvent.click(await screen.findByRole('button', { name: 'Complete “Send the arrival notice to the consignee”' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/tasks/t1/complete', {}));
    expect(await screen.findByText('Done: “Send the arrival notice to the consignee”.')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Assign “Book the haulier”' }));
    await userEvent.click(await screen.findByTitle('Arjun Patel'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/tasks/t2/assign', { user_id: 'u-arjun' }));
  });

  it('hears a task given to me live and reads the board again', async () => {
    renderScreen(<TasksScreen />, '/task-assignment');
    await screen.findByText('Send the arrival notice to the consignee');
    const calls = api.list.mock.calls.length;
    api.list.mockResolvedValue(board([task({ id: 't9', title: 'Chase the customs entry', overdue: false, due_on: '2026-11-27' })]));
    for (const l of live.listeners) l({ id: 41, type: 'notification', data: { id: 'n1', type: 'task_assigned' } });
    expect(await screen.findByText('Chase the customs entry')).toBeTruthy();
    expect(api.list.mock.calls.length).toBeGreaterThan(calls);
    expect(screen.getByText('A task was given to you.')).toBeTruthy();
  });

  it('writes a new task for a colleague', async () => {
    api.post.mockResolvedValue({ id: 't10' });
    renderScreen(<TasksScreen />, '/task-assignment');
    await userEvent.click(await screen.findByRole('button', { name: 'New task' }));
    const drawer = within(await screen.findByRole('dialog'));
    await userEvent.type(await drawer.findByLabelText(/^Task/), 'Call Harrogate about the delivery slot');
    await userEvent.type(drawer.getByLabelText(/^Notes/), 'Goods-in closes at 14:00.');
    await userEvent.click(drawer.getByLabelText(/^Assigned to/));
    await userEvent.click(await screen.findByTitle('Arjun Patel'));
    await userEvent.click(drawer.getByRole('button', { name: 'Create the task' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/tasks', {
      title: 'Call Harrogate about the delivery slot', description: 'Goods-in closes at 14:00.', due_on: null, priority: 'normal',
      assignee_user_id: 'u-arjun', shipment_id: null, booking_id: null, partner_id: null,
    }));
    // Mine shows only the writer's own: they are told where it went.
    expect(await screen.findByText('Task created for Arjun Patel, who is told. It is on their board, not under Mine.')).toBeTruthy();
  });

  it('lists whom to assign from /tasks/assignees, for a role with operations permissions but no staff.view, and can take a task from anyone', async () => {
    useSessionStore.getState().logIn(sessionUser({ id: 'u-me', permissions: ['operations.view', 'operations.create', 'operations.update'] }));
    api.post.mockResolvedValue({});
    renderScreen(<TasksScreen />, '/task-assignment');
    const select = await screen.findByRole('combobox', { name: 'Assign “Send the arrival notice to the consignee”' });
    expect(api.get).not.toHaveBeenCalledWith('/staff', expect.anything());
    expect(api.get).toHaveBeenCalledWith('/tasks/assignees', expect.anything());
    // Cleared: nobody's.
    const clear = select.closest('.ant-select')!.querySelector('.ant-select-clear') as HTMLElement;
    await userEvent.click(clear);
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/tasks/t1/assign', { user_id: null }));
    expect(await screen.findByText('“Send the arrival notice to the consignee” is no longer assigned to anyone.')).toBeTruthy();
  });

  it('goes back to the last page when the page shown has none left, and keeps the pager while past the first page', async () => {
    let total = 26;
    api.post.mockImplementation(async () => {
      total = 25;
      return {};
    });
    api.list.mockImplementation(async (_url: string, { params }: { params: { page: number } }) => {
      const last = Math.max(1, Math.ceil(total / 25));
      const rows = params.page < last ? 25 : params.page === last ? total - 25 * (last - 1) : 0;
      return board(Array.from({ length: rows }, (_, i) => task({ id: `p${params.page}-${i}`, title: `Task ${params.page}.${i}` })), { total, page: params.page });
    });
    renderScreen(<TasksScreen />, '/task-assignment');
    await screen.findByText('Task 1.0');
    await userEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete “Task 2.0”' }));
    // Page 2 is empty now: the board asks for page 1 and shows it.
    await waitFor(() => expect(lastBoardParams()).toMatchObject({ page: 1 }));
    expect(await screen.findByText('Task 1.0')).toBeTruthy();
    expect(screen.queryByText('No open tasks here.')).toBeNull();
  });

  it('reads the board again when a task of mine is given away or completed by someone else, and says so', async () => {
    renderScreen(<TasksScreen />, '/task-assignment');
    await screen.findByText('Send the arrival notice to the consignee');
    api.list.mockResolvedValue(board([]));
    const calls = api.list.mock.calls.length;
    for (const l of live.listeners) l({ id: 42, type: 'task', data: { id: 't1', title: 'Send the arrival notice to the consignee', action: 'reassigned' } });
    expect(await screen.findByText('“Send the arrival notice to the consignee” was given to someone else.')).toBeTruthy();
    await waitFor(() => expect(api.list.mock.calls.length).toBeGreaterThan(calls));
    expect(await screen.findByText('No open tasks here.')).toBeTruthy();
    for (const l of live.listeners) l({ id: 43, type: 'task', data: { id: 't2', title: 'Book the haulier', action: 'completed' } });
    expect(await screen.findByText('“Book the haulier” was completed by a colleague.')).toBeTruthy();
  });

  it('shows a cancelled task under Done, marked, to reopen', async () => {
    api.list.mockResolvedValue(board([task({ status: 'cancelled', overdue: false })]));
    renderScreen(<TasksScreen />, '/task-assignment');
    const row = (await screen.findByText('Send the arrival notice to the consignee')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reopen “Send the arrival notice to the consignee”' })).toBeTruthy();
  });

  it('finds a booking to link on the server by what is typed', async () => {
    api.get.mockImplementation(async (url: string) => (url === '/tasks/assignees' ? staff
      : url === '/bookings' ? [{ id: 'b7', number: 'B-2026-00007', client: { name: 'Whitby Garden Supplies Ltd' } }] : []));
    api.list.mockResolvedValue({ data: [], meta: { next_cursor: null } });
    renderScreen(<TasksScreen />, '/task-assignment');
    await userEvent.click(await screen.findByRole('button', { name: 'New task' }));
    const drawer = within(await screen.findByRole('dialog'));
    await userEvent.click(await drawer.findByLabelText(/^Booking/));
    await userEvent.keyboard('b-2026-0000');
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/bookings', { params: { limit: 20, q: 'b-2026-0000' }, silent: true }));
    expect(await screen.findByTitle('B-2026-00007 · Whitby Garden Supplies Ltd')).toBeTruthy();
  });
});

describe('the message for a new task', () => {
  it('names the assignee, and says when it is not among mine', () => {
    expect(createdMessage('u-arjun', 'u-me', 'team', staff)).toEqual({ key: 'tasks.created_for', name: 'Arjun Patel' });
    expect(createdMessage('u-arjun', 'u-me', 'mine', staff)).toEqual({ key: 'tasks.created_for_elsewhere', name: 'Arjun Patel' });
    expect(createdMessage('u-me', 'u-me', 'mine', staff)).toEqual({ key: 'tasks.created' });
    expect(createdMessage(null, 'u-me', 'mine', staff)).toEqual({ key: 'tasks.created_unassigned_elsewhere' });
    expect(createdMessage(null, 'u-me', 'all', staff)).toEqual({ key: 'tasks.created' });
  });
});
