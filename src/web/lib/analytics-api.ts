/** The analytics calls and their query keys (the analytics pages and the dashboard's widget). */
import type { AnalyticsRow, AnalyticsSummary, AnalyticsView } from '#shared/api/analytics.ts';
import { api, type ListMeta } from './api-client.ts';

/** The page's filters as the URL keeps them (only those set). */
export type AnalyticsParams = Record<string, string>;
export type RowsMeta = ListMeta & { currency: string; sums: { revenue_minor: number; cost_minor: number; gross_profit_minor: number; rows: number } };

export const analyticsKeys = {
  all: ['analytics'] as const,
  summary: (params: AnalyticsParams) => ['analytics', 'summary', params] as const,
  rows: (params: AnalyticsParams) => ['analytics', 'rows', params] as const,
};

export const analyticsApi = {
  summary: (params: AnalyticsParams) => api.get<AnalyticsSummary>('/analytics/summary', { params }),
  rows: (params: AnalyticsParams) => api.list<AnalyticsRow>('/analytics/rows', { params }) as Promise<{ data: AnalyticsRow[]; meta: RowsMeta }>,
  /** The address of every row as a file (streamed by the server; the browser downloads it). */
  exportUrl: (params: AnalyticsParams, format: 'csv' | 'xlsx') => `/api/analytics/rows?${new URLSearchParams({ ...params, format }).toString()}`,
};

export const analyticsViewsApi = {
  key: ['analytics', 'views'] as const,
  list: () => api.get<AnalyticsView[]>('/analytics/views'),
  save: (name: string, filters: AnalyticsParams) => api.post<AnalyticsView>('/analytics/views', { name, filters }),
  remove: (id: string) => api.delete(`/analytics/views/${id}`),
  subscribe: (id: string, userId: string, frequency: 'weekly' | 'monthly') => api.post<AnalyticsView>(`/analytics/views/${id}/subscriptions`, { user_id: userId, frequency }),
  unsubscribe: (id: string, subscription: string) => api.delete(`/analytics/views/${id}/subscriptions/${subscription}`),
  unsubscribeByToken: (token: string) => api.post<{ view: string | null }>(`/analytics/unsubscribe/${encodeURIComponent(token)}`, undefined, { skipAuthRedirect: true }),
};
