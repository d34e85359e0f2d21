/** The AI credits and features' calls and their query keys (the /ai page, "Draft from e-mail" on the quotes). */
import type { AiCredits, AiQuoteDraft, AiUsageRow } from '#shared/api/ai.ts';
import type { AiFeature } from '#shared/ai/prices.ts';
import { api } from './api-client.ts';

export type AiPrices = {
  features: { feature: AiFeature; builtin: number; provider: number }[];
  packs: { credits: number; amount_minor: number; currency: string }[];
  engine: AiCredits['engine'];
};

export const aiKeys = {
  all: ['ai'] as const,
  credits: ['ai', 'credits'] as const,
  prices: ['ai', 'prices'] as const,
  usage: (page: number) => ['ai', 'usage', page] as const,
};

export const aiApi = {
  credits: () => api.get<AiCredits>('/ai/credits'),
  prices: () => api.get<AiPrices>('/ai/prices'),
  usage: (page: number) => api.list<AiUsageRow>('/ai/usage', { params: { page, per_page: 10 } }),
  purchase: (pack: number, requestId: string) => api.post<{ credits: number; balance: number; invoice_number: string }>('/ai/credits/purchase', { pack, request_id: requestId }),
  setCap: (userId: string, monthlyCap: number | null) => api.put(`/ai/member-caps/${userId}`, { monthly_cap: monthlyCap }),
  quoteDraft: (text: string, requestId: string) => api.post<AiQuoteDraft>('/ai/quote-drafts', { text, request_id: requestId }),
};

/** A request id for one run: a retry of the same run sends it again and is charged once. */
export const newRequestId = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
