import type { AiEngine } from '#shared/api/ai.ts';
import { AI_PRICES, type AiFeature } from '#shared/ai/prices.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { charge, finishCall, refundCall } from './credits.ts';
import { engineOfConfig, ProviderFailure } from './provider.ts';
import { capOf, type Caller } from './routes.ts';

/** What a feature's run gives back: its answer (kept on the call), and the provider's tokens and model when one answered. */
export type RunResult<O> = { output: O; tokensIn?: number; tokensOut?: number; model?: string | null };

export type Metered<O> = { output: O; credits: number; replayed: boolean; callId: string };

const FAILURE_STATUS = { timeout: [504, 'ai_provider_timeout'], failed: [502, 'ai_provider_failed'], invalid_answer: [502, 'ai_provider_invalid_answer'] } as const;

/**
 * One metered call of an AI feature (docs/architecture.md#ai), whatever engine answers:
 * the feature's price for the engine in use is charged before it runs (402 at zero, nothing
 * spent; the same request id again answers the first call's output and charges nothing); the
 * call is logged with member, engine and model, tokens, credits and duration; a run that throws
 * (a provider's failure, timeout or answer outside the schema, or an engine's bug) refunds the
 * charge, and the ledger shows the consume and the refund. `run` gets the call's id and the
 * engine, and answers with the engine's output. A request id already used on another subject is 409
 * `request_id_reused`.
 */
export async function meteredCall<O extends Record<string, unknown>>(ctx: AppContext, c: Caller, input: {
  feature: AiFeature; requestId: string; subject?: { type: string; id: string } | null;
  run: (call: { id: string; engine: AiEngine }) => Promise<RunResult<O>>;
}): Promise<Metered<O>> {
  const engine = engineOfConfig(ctx.config.ai);
  const charged = await charge(ctx, {
    account: c.account, userId: c.userId, feature: input.feature, cost: AI_PRICES[input.feature][engine.kind], requestId: input.requestId,
    engine: engine.kind, model: engine.model, memberCap: await capOf(ctx, c), subject: input.subject ?? null,
  });
  if (charged.replay) {
    const r = charged.replay;
    if (input.subject && r.status === 'ok' && r.subject_id !== input.subject.id) throw new AppError(409, 'request_id_reused', `This request id was used for another ${input.subject.type}.`);
    if (r.status === 'ok' && r.output) return { output: r.output as O, credits: 0, replayed: true, callId: r.id };
    if (r.status === 'running') throw new AppError(409, 'request_running', 'This request is still being answered.');
    throw new AppError(409, 'request_failed', 'This request failed and its credits were refunded: send it again with a new request id.');
  }
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let result: RunResult<O>;
  try {
    result = await input.run({ id: charged.callId, engine });
  } catch (err) {
    const failure = err instanceof ProviderFailure ? err : null;
    await refundCall(ctx, c.account, charged.callId, failure?.message ?? 'the engine failed', ms(), failure ? { in: failure.tokensIn, out: failure.tokensOut } : undefined);
    if (!failure) throw err;
    const [status, code] = FAILURE_STATUS[failure.reason];
    throw new AppError(status, code, `The AI could not answer: ${failure.message}. Its ${charged.credits} credits were refunded; try again.`);
  }
  await finishCall(ctx, charged.callId, { output: result.output, tokensIn: result.tokensIn, tokensOut: result.tokensOut, durationMs: ms(), model: result.model });
  return { output: result.output, credits: charged.credits, replayed: false, callId: charged.callId };
}
