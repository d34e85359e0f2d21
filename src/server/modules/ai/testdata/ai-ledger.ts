import type { TestApp } from '../../../test/harness.ts';

/** An account's credit ledger as lines ("consume -5 request-id"), oldest first: what the AI tests compare with figures worked out by hand. */
export const ledgerOf = async (t: TestApp, accountId: string) =>
  (await t.database.query<{ kind: string; credits: number; request_id: string | null }>('select kind, credits, request_id from ai_credit_entries where account_id = $1 order by created_at, id', [accountId]))
    .map((e) => `${e.kind} ${e.credits}${e.request_id ? ` ${e.request_id}` : ''}`);

/** The logged AI call of a request: status, engine, model, tokens, credits and error. */
export const aiCallOf = async (t: TestApp, accountId: string, requestId: string) =>
  (await t.database.query<{ status: string; engine: string; model: string; tokens_in: number; tokens_out: number; credits: number; error: string | null }>(
    'select status, engine, model, tokens_in, tokens_out, credits, error from ai_calls where account_id = $1 and request_id = $2', [accountId, requestId]))[0];
