/** Leads: where an enquiry came from and how far it got (`converted` only through the convert call). */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_SOURCES = ['website', 'referral', 'network', 'trade_show', 'email_campaign', 'cold_call', 'other'] as const;

/** The lead's state machine: the statuses each status may move to by an edit. */
export const LEAD_MOVES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'qualified', 'lost'],
  contacted: ['qualified', 'lost', 'new'],
  qualified: ['contacted', 'lost'],
  converted: [],
  lost: ['new'],
};
export const mayMoveLead = (from: LeadStatus, to: LeadStatus) => from === to || LEAD_MOVES[from].includes(to);
/** Statuses from which a lead may be converted. */
export const CONVERTIBLE: readonly LeadStatus[] = ['new', 'contacted', 'qualified'];

/** Pipelines of the two kinds the spec names: prospects to connect with, and quotations. */
export const PIPELINE_KINDS = ['connection', 'quote'] as const;
export type PipelineKind = (typeof PIPELINE_KINDS)[number];
export const STAGE_OUTCOMES = ['open', 'won', 'lost'] as const;
export type StageOutcome = (typeof STAGE_OUTCOMES)[number];

/** The stages a new pipeline starts with (probability of winning, per cent). */
export const DEFAULT_STAGES: Record<PipelineKind, { name: string; probability_pct: string; outcome: StageOutcome }[]> = {
  connection: [
    { name: 'Identified', probability_pct: '10', outcome: 'open' },
    { name: 'Contacted', probability_pct: '25', outcome: 'open' },
    { name: 'Meeting held', probability_pct: '50', outcome: 'open' },
    { name: 'Trial shipment', probability_pct: '75', outcome: 'open' },
    { name: 'Won', probability_pct: '100', outcome: 'won' },
    { name: 'Lost', probability_pct: '0', outcome: 'lost' },
  ],
  quote: [
    { name: 'Enquiry', probability_pct: '20', outcome: 'open' },
    { name: 'Quoted', probability_pct: '40', outcome: 'open' },
    { name: 'Negotiating', probability_pct: '70', outcome: 'open' },
    { name: 'Won', probability_pct: '100', outcome: 'won' },
    { name: 'Lost', probability_pct: '0', outcome: 'lost' },
  ],
};
