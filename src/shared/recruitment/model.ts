/** The recruitment hub's code lists and state machines (issue 13, item 6): the server enforces them, the browser offers them. */

export const STAGE_KINDS = ['active', 'hired', 'rejected'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

export const OPENING_STATUSES = ['draft', 'open', 'closed'] as const;
export type OpeningStatus = (typeof OPENING_STATUSES)[number];
/** An opening's actions and the statuses each is allowed from (409 invalid_transition otherwise). */
export const OPENING_ACTIONS = {
  edit: ['draft', 'open', 'closed'],
  open: ['draft', 'closed'],
  close: ['open'],
  delete: ['draft'],
} as const satisfies Record<string, readonly OpeningStatus[]>;
export type OpeningAction = keyof typeof OPENING_ACTIONS;
export const mayOpening = (action: OpeningAction, status: OpeningStatus) => (OPENING_ACTIONS[action] as readonly string[]).includes(status);

export const APPLICANT_STATUSES = ['active', 'hired', 'rejected', 'withdrawn'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];
export const APPLICANT_SOURCES = ['public', 'manual'] as const;
/** An applicant's actions and the statuses each is allowed from. */
export const APPLICANT_ACTIONS = {
  move: ['active'],
  reject: ['active'],
  interview: ['active'],
  offer: ['active'],
  hire: ['active'],
} as const satisfies Record<string, readonly ApplicantStatus[]>;
export type ApplicantAction = keyof typeof APPLICANT_ACTIONS;
export const mayApplicant = (action: ApplicantAction, status: ApplicantStatus) => (APPLICANT_ACTIONS[action] as readonly string[]).includes(status);
/** The status an applicant has in a stage of this kind. */
export const statusInStage = (kind: StageKind): ApplicantStatus => (kind === 'hired' ? 'hired' : kind === 'rejected' ? 'rejected' : 'active');

export const INTERVIEW_KINDS = ['phone', 'video', 'onsite'] as const;
export const INTERVIEW_STATUSES = ['scheduled', 'held', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
export const RECOMMENDATIONS = ['strong_yes', 'yes', 'no', 'strong_no'] as const;
/** Feedback, a rating and a recommendation belong to an interview that was held. */
export const INTERVIEW_MOVES: Record<InterviewStatus, readonly InterviewStatus[]> = { scheduled: ['scheduled', 'held', 'cancelled'], held: ['held'], cancelled: ['cancelled', 'scheduled'] };
export const mayInterview = (from: InterviewStatus, to: InterviewStatus) => INTERVIEW_MOVES[from].includes(to);

export const OFFER_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** An offer's actions and the statuses each is allowed from: `draft → sent → accepted | declined`, or withdrawn before an answer. */
export const OFFER_ACTIONS = {
  send: ['draft'],
  accept: ['sent'],
  decline: ['sent'],
  withdraw: ['draft', 'sent'],
} as const satisfies Record<string, readonly OfferStatus[]>;
export type OfferAction = keyof typeof OFFER_ACTIONS;
export const OFFER_RESULT: Record<OfferAction, OfferStatus> = { send: 'sent', accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' };
export const mayOffer = (action: OfferAction, status: OfferStatus) => (OFFER_ACTIONS[action] as readonly string[]).includes(status);
/** An offer still in play: an applicant has at most one at a time. */
export const isLiveOffer = (status: OfferStatus) => status === 'draft' || status === 'sent' || status === 'accepted';

/** The stage a new applicant lands in: the first `active` stage by position. */
export function firstActiveStage<T extends { kind: string; position: number }>(stages: readonly T[]): T | undefined {
  return [...stages].filter((s) => s.kind === 'active').sort((a, b) => a.position - b.position)[0];
}

/** CVs: at most 5 MB, PDF or Word (.doc, .docx), recognised by their first bytes, not by their name. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_TYPES = { pdf: 'application/pdf', doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } as const;
export type CvExt = keyof typeof CV_TYPES;
export function sniffCv(data: Uint8Array): CvExt | null {
  const starts = (bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'; // OLE2 compound file
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'docx'; // zip (Office Open XML)
  return null;
}
