/** The quotes calls and their query keys (list, detail, the client's public page, bookings). */
import type { PublicQuote, Quote, QuoteCreateBody, QuoteSummary } from '#shared/api/quotes.ts';
import type { Booking } from '#shared/api/operations.ts';
import type { QuoteStatus } from '#shared/quotes/model.ts';
import type { Rate, RateCreateBody } from '#shared/api/rates.ts';
import { api } from './api-client.ts';

export const quoteKeys = {
  all: ['quotes'] as const,
  list: (status: QuoteStatus | null, q: string, clientId: string | null = null) => ['quotes', 'list', status, q, clientId] as const,
  one: (id: string) => ['quotes', 'one', id] as const,
  publicOne: (token: string) => ['public-quote', token] as const,
  booking: (id: string) => ['bookings', id] as const,
};

export type QuoteAction = 'send' | 'accept' | 'decline' | 'cancel' | 'duplicate' | 'revise';

export const quotesApi = {
  page: (cursor: string | null, status: QuoteStatus | null, q: string, clientId: string | null = null) =>
    api.list<QuoteSummary>('/quotes', { params: { limit: 25, ...(status && { status }), ...(q && { q }), ...(clientId && { client_id: clientId }), ...(cursor && { cursor }) } }),
  get: (id: string) => api.get<Quote>(`/quotes/${id}`),
  create: (body: QuoteCreateBody) => api.post<Quote>('/quotes', body),
  update: (id: string, body: Partial<QuoteCreateBody>) => api.patch<Quote>(`/quotes/${id}`, body),
  act: (id: string, action: QuoteAction, body: Record<string, unknown> = {}) => api.post<Quote>(`/quotes/${id}/${action}`, body),
  booking: (id: string) => api.get<Booking>(`/bookings/${id}`),
  publicGet: (token: string) => api.get<PublicQuote>(`/public/quotes/${token}`),
  publicDecide: (token: string, action: 'accept' | 'decline', body: Record<string, unknown> = {}) => api.post<PublicQuote>(`/public/quotes/${token}/${action}`, body),
};

export const rateKeys = {
  all: ['rates'] as const,
  list: (mode: string | null) => ['rates', 'list', mode] as const,
  search: (params: Record<string, string | number>) => ['rates', 'search', params] as const,
};

export const ratesApi = {
  list: (mode: string | null) => api.list<Rate>('/rates', { params: { limit: 100, ...(mode && { mode }) } }),
  create: (body: RateCreateBody) => api.post<Rate>('/rates', body),
  remove: (id: string) => api.delete(`/rates/${id}`),
  search: (params: Record<string, string | number>) => api.get<(Rate & { total_minor: number | null; currency: string })[]>('/rates/search', { params }),
  apply: (quoteId: string, rateId: string) => api.post<Quote>(`/quotes/${quoteId}/apply-rate`, { rate_id: rateId }),
};
