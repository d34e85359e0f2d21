import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiFailure } from '../../lib/api-failure.ts';
import { renderScreen } from '../../test/render.tsx';
import { DevScreen } from './dev-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

describe('developer screen', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the outbox newest first with recipient, relative time and text', async () => {
    const now = Date.now();
    api.get.mockResolvedValue([
      { to: 'old@example.com', subject: 'Older', text: 'old body', html: '', created_at: new Date(now - 3_600_000).toISOString() },
      { to: 'ann@example.com', subject: 'Your code', text: 'Code: 123456', html: '', created_at: new Date(now - 5_000).toISOString() },
    ]);
    renderScreen(<DevScreen />, '/dev');
    const items = await screen.findAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Your code', 'Older']);
    expect(items[0].textContent).toContain('To: ann@example.com');
    expect(items[0].textContent).toContain('a few seconds ago');
    expect(items[0].textContent).toContain('Code: 123456');
    expect(items[1].textContent).toContain('an hour ago');
    expect(api.get).toHaveBeenCalledWith('/dev/mail', { silent: true });
  });

  it('says so when the server has no outbox (production)', async () => {
    api.get.mockRejectedValue(new ApiFailure({ status: 404, code: 'not_found', message: 'Not found' }));
    renderScreen(<DevScreen />, '/dev');
    expect(await screen.findByText(/The mail outbox is not available here/)).toBeTruthy();
  });
});
