import { CHARGE_BASES } from '../resources/charge-codes.ts';

/** Transport modes of quotes and buy rates. */
export const QUOTE_MODES = ['sea_fcl', 'sea_lcl', 'air', 'road_ftl', 'road_ltl', 'rail'] as const;
export type QuoteMode = (typeof QUOTE_MODES)[number];

export type ChargeBasis = (typeof CHARGE_BASES)[number];
export { CHARGE_BASES };

/** Incoterms 2020 (ICC): the four sea-only rules last. */
export const INCOTERMS_2020 = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
/** An ISO 6346 size-type code (`22G1`, `45G1`, `L5G1`): length, height/width, type group, detail. */
export const ISO_SIZE_TYPE = /^[1-9ABCDEFGHKLMNP][0-9ABCDEFGHKLMNP][A-Z][0-9]$/;
export type Incoterm = (typeof INCOTERMS_2020)[number];

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'cancelled'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The quote's state machine: the actions allowed from each status (the server refuses the rest with 409 invalid_transition). */
export const QUOTE_ACTIONS = {
  send: ['draft'],
  accept: ['sent'],
  decline: ['sent'],
  cancel: ['draft', 'sent'],
  expire: ['sent'],
  revise: ['sent', 'declined', 'expired'],
  duplicate: QUOTE_STATUSES,
  edit: ['draft'],
} as const satisfies Record<string, readonly QuoteStatus[]>;
export type QuoteAction = keyof typeof QUOTE_ACTIONS;

export const STATUS_AFTER: Partial<Record<QuoteAction, QuoteStatus>> = { send: 'sent', accept: 'accepted', decline: 'declined', cancel: 'cancelled', expire: 'expired' };

export const mayQuote = (action: QuoteAction, status: QuoteStatus): boolean => (QUOTE_ACTIONS[action] as readonly QuoteStatus[]).includes(status);

/** Clients a quote may be for: a company not on FYN, or a connected organisation. */
export const QUOTE_CLIENT_TYPES = ['native_organisation', 'organisation'] as const;
export type QuoteClientType = (typeof QUOTE_CLIENT_TYPES)[number];
