/** The developer platform's calls (API keys, webhook endpoints, deliveries, the inbound tracking webhook) and their query keys. */
import type { ApiKey, WebhookAttempt, WebhookEndpoint } from '#shared/api/developers.ts';
import { api } from './api-client.ts';

export type NewApiKey = { name: string; scopes: string[]; expires_at?: string | null };
export type ApiKeyWithSecret = ApiKey & { key: string };
export type NewEndpoint = { url: string; description: string; event_types: string[]; enabled?: boolean };
export type DeliveryFilters = { endpoint_id: string | null; status: 'succeeded' | 'failed' | null };
export type TrackingSecret = { secret: string | null; standard_secret: string | null; url: string; header: string };

export const developersKeys = {
  keys: ['developers', 'keys'] as const,
  endpoints: ['developers', 'endpoints'] as const,
  eventTypes: ['developers', 'event-types'] as const,
  deliveries: (f: DeliveryFilters) => ['developers', 'deliveries', f] as const,
  trackingSecret: ['tracking', 'secret'] as const,
};

const query = (f: DeliveryFilters) => new URLSearchParams(Object.entries(f).filter(([, v]) => v) as [string, string][]).toString();

export const developersApi = {
  keys: () => api.get<ApiKey[]>('/api-keys'),
  createKey: (body: NewApiKey) => api.post<ApiKeyWithSecret>('/api-keys', body),
  rollKey: (id: string, graceHours: number) => api.post<ApiKeyWithSecret>(`/api-keys/${id}/roll`, { grace_hours: graceHours }),
  revokeKey: (id: string) => api.delete(`/api-keys/${id}`),
  eventTypes: () => api.get<{ type: string; description: string }[]>('/webhook-event-types'),
  endpoints: () => api.get<WebhookEndpoint[]>('/webhook-endpoints'),
  createEndpoint: (body: NewEndpoint) => api.post<WebhookEndpoint & { secret: string }>('/webhook-endpoints', body),
  updateEndpoint: (id: string, body: Partial<NewEndpoint>) => api.patch<WebhookEndpoint>(`/webhook-endpoints/${id}`, body),
  deleteEndpoint: (id: string) => api.delete(`/webhook-endpoints/${id}`),
  secret: (id: string) => api.get<{ secret: string; previous_secret_until: string | null }>(`/webhook-endpoints/${id}/secret`),
  rotateSecret: (id: string) => api.post<{ secret: string; previous_secret_until: string | null }>(`/webhook-endpoints/${id}/rotate-secret`, {}),
  test: (id: string) => api.post<{ delivery_id: string }>(`/webhook-endpoints/${id}/test`, {}),
  deliveries: (f: DeliveryFilters) => api.get<WebhookAttempt[]>(`/webhook-deliveries?${query(f)}`),
  resend: (attemptId: string) => api.post<{ delivery_id: string }>(`/webhook-deliveries/${attemptId}/resend`, {}),
  trackingSecret: () => api.get<TrackingSecret>('/tracking/webhook-secret'),
  rotateTrackingSecret: () => api.post<TrackingSecret>('/tracking/webhook-secret/rotate', {}),
};
