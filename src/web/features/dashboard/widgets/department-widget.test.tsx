import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useSessionStore } from '../../../lib/session-store.ts';
import { renderScreen } from '../../../test/render.tsx';
import { sessionUser } from '../../../test/fixtures.ts';
import { DepartmentWidget } from './department-widget.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ api }));

const org = { id: 'o1', name: 'Northwind', status: 'active' };
const member = (department_id: string | null, status = 'active') => ({ user_id: Math.random().toString(), department_id, status });

describe('department widget', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the departments with their active members', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: org, permissions: ['control_centre.view'] }));
    api.list.mockResolvedValue({ data: [{ id: 'd1', name: 'Customs brokerage' }, { id: 'd2', name: 'Ocean export' }], meta: { total: 2 } });
    api.get.mockResolvedValue([member('d1'), member('d2'), member('d2'), member('d2', 'deactivated'), member(null)]);
    renderScreen(<DepartmentWidget />, '/');
    expect(await screen.findByText('Ocean export')).toBeTruthy();
    expect(screen.getByText('2 members')).toBeTruthy();
    expect(screen.getByText('1 member')).toBeTruthy();
    expect(api.list).toHaveBeenCalledWith('/departments', expect.objectContaining({ silent: true }));
  });

  it('says so, without calling the API, when the role may not see departments', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: org, permissions: [] }));
    renderScreen(<DepartmentWidget />, '/');
    expect(await screen.findByText('Departments are not shown to your role')).toBeTruthy();
    expect(api.list).not.toHaveBeenCalled();
  });

  it('points to creating an organisation when there is none', async () => {
    useSessionStore.getState().logIn(sessionUser());
    renderScreen(<DepartmentWidget />, '/');
    expect(await screen.findByText('Create your organisation')).toBeTruthy();
  });
});
