import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../../test/render.tsx';
import { ConnectionsWidget } from './connections-widget.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ api }));

describe('connections widget', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the own connections, invitations to answer and requests sent', async () => {
    api.get.mockResolvedValue({ connected: 2, invitations: 2, requested: 1 });
    renderScreen(<ConnectionsWidget />, '/');
    expect(await screen.findByText('Invitations')).toBeTruthy();
    const pairs = [...document.querySelectorAll('.fyn-widget-figures > div')].map((d) => d.textContent);
    expect(pairs).toEqual(['Connections2', 'Invitations2', 'Sent1']);
    expect(api.get).toHaveBeenCalledWith('/connections/counts', { params: { as: 'user' } });
    expect(screen.getByRole('link', { name: 'Go to connections' }).getAttribute('href')).toBe('/connections');
  });

  it('says plainly that there is no network yet', async () => {
    api.get.mockResolvedValue({ connected: 0, invitations: 0, requested: 0 });
    renderScreen(<ConnectionsWidget />, '/');
    expect(await screen.findByText('No connections yet')).toBeTruthy();
  });
});
