/**
 * Operations (bookings, shipments, tracking, exceptions, tasks, documents): the state machines
 * and code lists the server enforces and the browser offers (docs/product.md#operations).
 */

export const BOOKING_STATUSES = ['received', 'confirmed', 'rejected', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booking's actions and the statuses each is allowed from (409 invalid_transition otherwise). */
export const BOOKING_ACTIONS = {
  confirm: ['received'],
  reject: ['received'],
  cancel: ['received', 'confirmed'],
  complete: ['confirmed'],
  // Once confirmed, the shipment it opened is the record to change: the booking keeps what was agreed.
  edit: ['received'],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type BookingAction = keyof typeof BOOKING_ACTIONS;
export const BOOKING_STATUS_AFTER: Record<Exclude<BookingAction, 'edit'>, BookingStatus> = { confirm: 'confirmed', reject: 'rejected', cancel: 'cancelled', complete: 'completed' };
export const mayBooking = (action: BookingAction, status: BookingStatus): boolean => (BOOKING_ACTIONS[action] as readonly string[]).includes(status);

export const SHIPMENT_STATUSES = ['booked', 'in_transit', 'arrived', 'delivered', 'closed', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Where a shipment may go from each status (tracking events move it forward on their own). */
export const SHIPMENT_TRANSITIONS: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  booked: ['in_transit', 'cancelled'],
  in_transit: ['arrived', 'cancelled'],
  arrived: ['delivered'],
  delivered: ['closed'],
  closed: [],
  cancelled: [],
};
export const mayShipment = (from: ShipmentStatus, to: ShipmentStatus): boolean => SHIPMENT_TRANSITIONS[from].includes(to);
/**
 * What of a shipment's details can no longer change in a status (PATCH /api/shipments/:id):
 * the planned departure once it has left (the ETD is its actual departure then), the planned
 * arrival once it has arrived, and nothing once closed or cancelled.
 */
export const SHIPMENT_FROZEN: Record<ShipmentStatus, 'all' | readonly ('etd' | 'eta')[]> = {
  booked: [],
  in_transit: ['etd'],
  arrived: ['etd', 'eta'],
  delivered: ['etd', 'eta'],
  closed: 'all',
  cancelled: 'all',
};
export const mayEditShipment = (status: ShipmentStatus, field?: string): boolean => {
  const frozen = SHIPMENT_FROZEN[status];
  return frozen !== 'all' && !(field && (frozen as readonly string[]).includes(field));
};

/** Statuses in which a shipment is still moving (tracking view, exception scans). */
export const ACTIVE_SHIPMENT_STATUSES = ['booked', 'in_transit', 'arrived'] as const satisfies readonly ShipmentStatus[];

/** Job sign-off: operations signs first, then accounts; each step only forward. */
export const SIGNOFF_STATUSES = ['open', 'operations_signed', 'accounts_signed'] as const;
export type SignoffStatus = (typeof SIGNOFF_STATUSES)[number];
export const nextSignoff = (s: SignoffStatus): SignoffStatus | null => SIGNOFF_STATUSES[SIGNOFF_STATUSES.indexOf(s) + 1] ?? null;

/** The date a shipment list or report is read by (the spec's date-reference choices). */
export const DATE_REFERENCES = ['etd', 'eda', 'shipment_creation'] as const;
export type DateReference = (typeof DATE_REFERENCES)[number];

/** DCSA Track & Trace 2.2 event kinds and their codes. */
export const EVENT_TYPES = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_CODES: Record<EventType, readonly string[]> = {
  // Received, confirmed, issued, pending update, updated, approved, surrendered, submitted, cancelled, rejected.
  SHIPMENT: ['RECE', 'DRFT', 'PENA', 'PENU', 'CONF', 'ISSU', 'APPR', 'SURR', 'SUBM', 'VOID', 'REJE', 'CANC'],
  TRANSPORT: ['ARRI', 'DEPA'],
  EQUIPMENT: ['LOAD', 'DISC', 'GTIN', 'GTOT', 'STUF', 'STRP', 'PICK', 'DROP', 'INSP', 'RSEA', 'RMVD'],
};
export const EVENT_CLASSIFIERS = ['PLN', 'EST', 'ACT'] as const;
export type EventClassifier = (typeof EVENT_CLASSIFIERS)[number];

export const EXCEPTION_KINDS = ['eta_passed', 'eta_slip', 'cutoff_documents', 'demurrage_risk'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
export const EXCEPTION_STATUSES = ['open', 'resolved'] as const;

export const DOCUMENT_TYPES = ['quotation', 'booking_confirmation', 'arrival_notice', 'collection_origin', 'collection_destination', 'hbl', 'hawb'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** The document each mode's shipments need before the documentation cut-off. */
export const TRANSPORT_DOCUMENT: Partial<Record<string, DocumentType>> = { sea_fcl: 'hbl', sea_lcl: 'hbl', air: 'hawb' };

/** Task templates attach to bookings or shipments; due dates count from one of these. */
export const TASK_SUBJECTS = ['booking', 'shipment'] as const;
export const TASK_ANCHORS = ['created', 'etd', 'eta'] as const;
export type TaskAnchor = (typeof TASK_ANCHORS)[number];

/** Kinds of cut-off a booking carries (DCSA Booking 2.0 cut-off time codes, in words). */
export const CUT_OFF_KINDS = ['documentation', 'vgm', 'fcl_delivery', 'port', 'customs'] as const;
export const PARTY_ROLES = ['shipper', 'consignee', 'notify', 'booking_party'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

/**
 * Tasks: whose the board shows (`mine`: assigned to me, any member; `team`: assigned to members of
 * my department, any member who has one; `all`: every task of the organisation, assigned or not,
 * with `operations.view`), and which (open, overdue, done: done or cancelled, a cancelled one marked so).
 */
export const TASK_SCOPES = ['mine', 'team', 'all'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];
export const TASK_STATES = ['open', 'overdue', 'done'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const OPEN_TASK_STATUSES = ['todo', 'in_progress'] as const;

/** A task's moves: completing an open one, reopening a done or cancelled one (409 invalid_transition otherwise). */
export const TASK_ACTIONS = {
  complete: ['todo', 'in_progress'],
  reopen: ['done', 'cancelled'],
} as const satisfies Record<string, readonly string[]>;
export type TaskAction = keyof typeof TASK_ACTIONS;
export const TASK_STATUS_AFTER: Record<TaskAction, 'done' | 'todo'> = { complete: 'done', reopen: 'todo' };
export const mayTask = (action: TaskAction, status: string): boolean => (TASK_ACTIONS[action] as readonly string[]).includes(status);
/** Status changes of a task by any route: anything but moving a done or cancelled task on without reopening it first. */
export const mayMoveTask = (from: string, to: string): boolean => from === to || (from !== 'done' && from !== 'cancelled') || to === 'todo';

/** The Monday and Sunday of the ISO week of a day ("due this week"). */
export function weekOf(day: string): { from: string; to: string } {
  const weekday = (new Date(`${day.slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(day, -weekday);
  return { from, to: addDays(from, 6) };
}

/** A local day moved by a whole number of days (UTC, never shifted by time zones). */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A task's due day: its anchor's day plus the offset (null when the anchor is not known yet). */
export function dueDay(anchors: Partial<Record<TaskAnchor, string | null>>, anchor: TaskAnchor, offsetDays: number): string | null {
  const at = anchors[anchor];
  return at ? addDays(at, offsetDays) : null;
}

/** Hours by which an estimate is later than the plan (negative when earlier), to one decimal. */
export const delayHours = (planned: string | null, estimated: string | null): number | null =>
  planned && estimated ? Math.round((Date.parse(estimated) - Date.parse(planned)) / 360_000) / 10 : null;
