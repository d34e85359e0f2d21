/**
 * Performance reviews (issue 13, item 5): the rules the server enforces and the browser shows —
 * the cycle's and the review's state machines, the weighted final score and a goal's progress
 * rolled up from its sub-goals. Scores and weights are decimal strings, worked out exactly
 * (integers on scaled values, no floats).
 */

export const CYCLE_STATUSES = ['draft', 'open', 'closed'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];
export const REVIEW_STATUSES = ['self_review', 'manager_review', 'completed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const GOAL_STATUSES = ['open', 'done', 'dropped'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export const RATERS = ['self', 'manager'] as const;
export type Rater = (typeof RATERS)[number];

/** The rating scales a cycle may use: 1 … 3 up to 1 … 10. */
export const RATING_SCALE_MIN = 3;
export const RATING_SCALE_MAX = 10;

/** A cycle's actions and the statuses each is allowed from (409 otherwise). */
export const CYCLE_ACTIONS = {
  /** Name, dates and due dates. */
  edit: ['draft', 'open'],
  /** Criteria, their weights and the rating scale: fixed once reviews are written against them. */
  edit_criteria: ['draft'],
  open: ['draft'],
  close: ['open'],
  delete: ['draft'],
} as const satisfies Record<string, readonly CycleStatus[]>;
export type CycleAction = keyof typeof CYCLE_ACTIONS;
export const mayCycle = (action: CycleAction, status: CycleStatus) => (CYCLE_ACTIONS[action] as readonly string[]).includes(status);

/**
 * A review's actions and the statuses each is allowed from: the employee rates themself and
 * submits, then the manager rates and submits, which completes it. Nothing moves in a closed cycle.
 */
export const REVIEW_ACTIONS = {
  self_save: ['self_review'],
  self_submit: ['self_review'],
  manager_save: ['manager_review'],
  manager_submit: ['manager_review'],
} as const satisfies Record<string, readonly ReviewStatus[]>;
export type ReviewAction = keyof typeof REVIEW_ACTIONS;
export const mayReview = (action: ReviewAction, status: ReviewStatus, cycle: CycleStatus = 'open') =>
  cycle === 'open' && (REVIEW_ACTIONS[action] as readonly string[]).includes(status);

/** Where a submit moves a review to. */
export const nextReviewStatus = (by: Rater): ReviewStatus => (by === 'self' ? 'manager_review' : 'completed');

/** Decimal places a weight may have. */
export const WEIGHT_PLACES = 2;
const SCALE = 10n ** BigInt(WEIGHT_PLACES);

/** A decimal string ("30", "33.33", "0.5") as an integer of hundredths; null when it is not one. */
export function scaled(text: string, places = WEIGHT_PLACES): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > places) return null;
  return BigInt(m[1]) * 10n ** BigInt(places) + BigInt(frac.padEnd(places, '0') || '0');
}

/** Hundredths back to a decimal string with exactly two places ("390" → "3.90"). */
const hundredths = (v: bigint) => `${v / 100n}.${String(v % 100n).padStart(2, '0')}`;

/** a / b rounded half up (a, b ≥ 0, b > 0). */
const divideHalfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** The sum of weights as a plain decimal string ("100", "99.5"). */
export function weightTotal(weights: readonly string[]): string {
  let sum = 0n;
  for (const w of weights) sum += scaled(w) ?? 0n;
  const whole = sum / SCALE;
  const frac = String(sum % SCALE).padStart(WEIGHT_PLACES, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

export type CycleReadiness = { ok: true } | { ok: false; reason: 'no_criteria' | 'weight_invalid' | 'weights_not_100'; total: string };

/** Whether a cycle may open: at least one criterion, every weight above 0, and the weights add up to exactly 100. */
export function cycleReadiness(weights: readonly string[]): CycleReadiness {
  const total = weightTotal(weights);
  if (weights.length === 0) return { ok: false, reason: 'no_criteria', total };
  if (weights.some((w) => { const s = scaled(w); return s === null || s <= 0n; })) return { ok: false, reason: 'weight_invalid', total };
  if (weights.reduce((sum, w) => sum + scaled(w)!, 0n) !== 100n * SCALE) return { ok: false, reason: 'weights_not_100', total };
  return { ok: true };
}

/**
 * The final score: the mean of the ratings weighted by their criteria's weights, rounded half up to
 * two decimals ("3.90"). Null when a criterion has no rating or no weight is given. Weights 50/30/20
 * rated 4/3/5: (50·4 + 30·3 + 20·5) / 100 = 390 / 100 = 3.90.
 */
export function weightedScore(criteria: readonly { weight: string; rating: number | null | undefined }[]): string | null {
  if (criteria.length === 0) return null;
  let num = 0n;
  let den = 0n;
  for (const c of criteria) {
    const w = scaled(c.weight);
    if (w === null || c.rating == null || !Number.isInteger(c.rating)) return null;
    num += w * BigInt(c.rating);
    den += w;
  }
  if (den === 0n) return null;
  return hundredths(divideHalfUp(num * 100n, den));
}

/**
 * The progress a goal shows: its own as entered, or — with sub-goals — the mean of theirs weighted
 * by their weights, rounded half up to a whole percent. Dropped sub-goals do not count; when all are
 * dropped (or weigh nothing) the goal shows its own.
 */
export function rolledProgress(own: number, subGoals: readonly { progress: number; weight: string; status?: string }[]): number {
  let num = 0n;
  let den = 0n;
  for (const g of subGoals) {
    if (g.status === 'dropped') continue;
    const w = scaled(g.weight) ?? 0n;
    num += w * BigInt(Math.max(0, Math.min(100, Math.round(g.progress))));
    den += w;
  }
  if (den === 0n) return own;
  return Number(divideHalfUp(num, den));
}

/** Goals with the progress each shows (sub-goals roll up into their parent); order kept. */
export function withRolledProgress<G extends { id: string; parent_id: string | null; progress: number; weight: string; status: string }>(goals: readonly G[]): (G & { rolled_progress: number })[] {
  const children = new Map<string, G[]>();
  for (const g of goals) if (g.parent_id) children.set(g.parent_id, [...(children.get(g.parent_id) ?? []), g]);
  return goals.map((g) => ({ ...g, rolled_progress: rolledProgress(g.progress, children.get(g.id) ?? []) }));
}
