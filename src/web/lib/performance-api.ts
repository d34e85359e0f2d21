/** The performance calls (review cycles, reviews, goals) and their query keys. */
import type { Goal, GoalBody, GoalPatchBody, RatingsBody, Review, ReviewCycle, ReviewDetail } from '#shared/api/performance.ts';
import type { CycleStatus } from '#shared/hr/performance.ts';
import { api } from './api-client.ts';

export type CycleRecord = { id: string; name: string; period_start: string; period_end: string; self_review_due: string | null; manager_review_due: string | null; rating_scale_max: number; status: CycleStatus };
export type ReviewScope = 'mine' | 'to_review' | 'all';

export const performanceKeys = {
  all: ['performance'] as const,
  cycles: ['performance', 'cycles'] as const,
  cycle: (id: string) => ['performance', 'cycle', id] as const,
  reviews: (scope: ReviewScope, cycleId: string | null) => ['performance', 'reviews', scope, cycleId] as const,
  review: (id: string) => ['performance', 'review', id] as const,
  myGoals: ['performance', 'goals', 'mine'] as const,
  goals: (employeeId: string | null) => ['performance', 'goals', employeeId] as const,
};

export const performanceApi = {
  cycles: () => api.list<CycleRecord>('/review-cycles', { params: { per_page: 100, sort: '-period_start' }, silent: true }),
  cycle: (id: string) => api.get<ReviewCycle>(`/review-cycles/${id}/overview`),
  cycleAction: (id: string, action: 'open' | 'close') => api.post<ReviewCycle>(`/review-cycles/${id}/${action}`, {}),
  reviews: (scope: ReviewScope, cycleId: string | null) => api.get<Review[]>('/reviews', { params: { scope, ...(cycleId && { cycle_id: cycleId }) } }),
  review: (id: string) => api.get<ReviewDetail>(`/reviews/${id}`),
  rate: (id: string, by: 'self' | 'manager', body: RatingsBody) => api.put<ReviewDetail>(`/reviews/${id}/${by}`, body),
  myGoals: () => api.get<Goal[]>('/goals/mine'),
  goals: (employeeId: string | null) => api.get<Goal[]>('/goals', { params: { ...(employeeId && { employee_id: employeeId }) } }),
  createGoal: (body: GoalBody) => api.post<Goal>('/goals', body),
  updateGoal: (id: string, body: GoalPatchBody) => api.patch<Goal>(`/goals/${id}`, body),
  deleteGoal: (id: string) => api.delete(`/goals/${id}`),
};
