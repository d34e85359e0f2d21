import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Goal, ReviewDetail } from '#shared/api/performance.ts';
import { renderRoutes } from '../../test/render.tsx';
import { userEvent } from '../../test/user.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { goalTree } from './goals-panel.tsx';
import { PerformanceScreen } from './performance-screen.tsx';
import { ReviewScreen } from './review-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const goal = (id: string, parent: string | null, title: string, progress: number, rolled = progress, weight = '1'): Goal => ({
  id, employee_id: 'e1', employee_name: 'Sofia Ocean', cycle_id: 'c1', parent_id: parent, title, description: null, weight, progress, rolled_progress: rolled,
  due_date: null, status: 'open', created_at: '2026-01-05T09:00:00Z', updated_at: '2026-01-05T09:00:00Z',
});
const goals = [goal('g1', null, 'Cut booking-to-HBL time to 24 h', 0, 63), goal('g2', 'g1', 'HBL templates', 50, 50, '3'), goal('g3', 'g1', 'Same-day VGM chasing', 100), goal('g4', null, 'Learn IMDG documentation', 40)];

const criteria = [
  { id: 'k1', name: 'Customer service', description: null, weight: '50', position: 0 },
  { id: 'k2', name: 'Accuracy of documents', description: null, weight: '30', position: 1 },
  { id: 'k3', name: 'Teamwork', description: null, weight: '20', position: 2 },
];
const review = (extra: Partial<ReviewDetail> = {}): ReviewDetail => ({
  id: 'r1', cycle_id: 'c1', cycle_name: '2026 annual review', cycle_status: 'open', employee_id: 'e1', employee_name: 'Sofia Ocean', employee_user_id: 'u-sofia', job_title: 'Ocean export coordinator',
  reviewer_id: 'u-arjun', reviewer_name: 'Arjun Admin', status: 'manager_review', final_score: null, self_review_due: '2026-12-12', manager_review_due: '2027-01-16',
  self_submitted_at: '2026-11-20T09:00:00Z', manager_submitted_at: null, updated_at: '2026-11-20T09:00:00Z', period_start: '2026-01-01', period_end: '2026-12-31', rating_scale_max: 5,
  self_comment: 'A good year.', manager_comment: null, criteria,
  self_ratings: [{ criterion_id: 'k1', rating: 5, comment: null }, { criterion_id: 'k2', rating: 4, comment: null }, { criterion_id: 'k3', rating: 4, comment: null }],
  manager_ratings: [], manager_ratings_hidden: false, may: { self: false, manager: true }, goals, ...extra,
});

describe('goal tree', () => {
  it('puts each goal’s sub-goals right under it', () => {
    expect(goalTree(goals).map((r) => `${r.depth}:${r.goal.id}`)).toEqual(['0:g1', '1:g2', '1:g3', '0:g4']);
    // A sub-goal whose parent is not in the list stands on its own.
    expect(goalTree([goals[1]]).map((r) => r.depth)).toEqual([0]);
  });
});

describe('performance screens', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' }, premium: true }));
  });

  it('shows one’s goals as a tree with their rolled-up progress, and one’s reviews', async () => {
    api.get.mockImplementation(async (url: string) => {
      if (url === '/goals/mine') return goals;
      if (url === '/reviews') return [{ ...review(), status: 'self_review', may: undefined }];
      return [];
    });
    renderRoutes([{ path: '/p', element: <PerformanceScreen /> }], '/p');
    const mine = await screen.findByRole('table', { name: 'My reviews' });
    await waitFor(() => expect(within(mine).getByText('2026 annual review')).toBeTruthy());
    expect(within(mine).getByRole('button', { name: 'Write' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'My goals' }));
    const table = await screen.findByRole('table', { name: 'My goals' });
    await waitFor(() => expect(within(table).getByText('Cut booking-to-HBL time to 24 h')).toBeTruthy());
    expect(within(table).getByRole('progressbar', { name: 'Cut booking-to-HBL time to 24 h: 63 %' })).toBeTruthy();
    expect(within(table).getAllByText('from its sub-goals')).toHaveLength(1);
  });

  it('lets the manager rate every criterion, previews the weighted score and completes the review', async () => {
    api.get.mockResolvedValue(review());
    const completed = review({ status: 'completed', final_score: '3.90', may: { self: false, manager: false } });
    api.put.mockImplementation(async () => {
      api.get.mockResolvedValue(completed);
      return completed;
    });
    renderRoutes([{ path: '/p/:id', element: <ReviewScreen /> }], '/p/r1');
    await screen.findByText('Weights total 100 %');
    const submit = screen.getByRole('button', { name: 'Complete the review' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    // 4, 3 and 5 stars: (50·4 + 30·3 + 20·5) / 100 = 3.90.
    for (const [name, stars] of [['Customer service', 4], ['Accuracy of documents', 3], ['Teamwork', 5]] as const) {
      const rate = screen.getByLabelText(`Rating of ${name}`);
      await userEvent.click(within(rate).getAllByRole('radio')[stars - 1]);
    }
    expect(screen.getByText('Final score with these ratings: 3.90')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Complete the review' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/reviews/r1/manager', {
      ratings: [{ criterion_id: 'k1', rating: 4, comment: null }, { criterion_id: 'k2', rating: 3, comment: null }, { criterion_id: 'k3', rating: 5, comment: null }], comment: null, submit: true,
    }));
    // antd's Statistic sets the whole and the decimal part apart.
    await waitFor(() => expect(document.querySelector('.ant-statistic-content')?.textContent).toContain('3.90'));
  });

  it('keeps the manager’s ratings from the employee until completed', async () => {
    api.get.mockResolvedValue(review({ may: { self: false, manager: false }, manager_ratings_hidden: true, employee_user_id: 'me' }));
    renderRoutes([{ path: '/p/:id', element: <ReviewScreen /> }], '/p/r1');
    await screen.findByText('Your manager is writing their part: you see their ratings once the review is completed.');
    expect(screen.getAllByText('Shown once completed').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Complete the review' })).toBeNull();
  });
});
