import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The API key a request acts with, for the rest of that request's work: the audit trail names it
 * (audit_events.actor_api_key_id is filled from here by drizzle on every insert, whichever module
 * writes the row). Entered by the access check (plugins/access.ts) once the key is known.
 */
const store = new AsyncLocalStorage<{ apiKeyId: string }>();

export const enterApiKey = (apiKeyId: string) => store.enterWith({ apiKeyId });
export const currentApiKeyId = (): string | null => store.getStore()?.apiKeyId ?? null;
