/** The operations calls and their query keys: bookings, shipments, tracking, exceptions, tasks, documents. */
import type {
  BoardTask, Booking, Container, FynDocument, PartySuggestion, PublicTracking, Shipment, ShipmentActivity, ShipmentCreateBody, ShipmentException, ShipmentPatchBody, ShipmentReport, ShipmentSummary, TaskAssignee, TaskBoard,
  TrackingEvent, TrackingShows,
} from '#shared/api/operations.ts';
import type { DateReference, DocumentType, ShipmentStatus, TaskScope, TaskState } from '#shared/operations/model.ts';
import { api } from './api-client.ts';

export type ShipmentFilters = { status: ShipmentStatus | 'active' | null; mode: string | null; date_ref: DateReference; from: string | null; to: string | null; q: string };
export type ActiveShipment = ShipmentSummary & { open_exceptions: number };
export type DocumentTypeSummary = { type: DocumentType; documents: number; versions: number; last_at: string | null; template: boolean };
export type TaskMeta = { by_status: Record<string, number>; overdue: number; due_today: number; due_this_week: number };
export type TaskFilters = { scope: TaskScope; state: TaskState; due_this_week: boolean; q: string; page: number; per_page: number };
/** A task as written by hand on the board (POST /api/tasks). */
export type NewTask = {
  title: string; description?: string | null; due_on?: string | null; priority?: string; assignee_user_id?: string | null;
  shipment_id?: string | null; booking_id?: string | null; partner_id?: string | null;
};

export const operationsKeys = {
  booking: (id: string) => ['bookings', id] as const,
  shipments: (f: ShipmentFilters) => ['shipments', 'list', f] as const,
  report: (dateRef: DateReference, from: string, to: string) => ['shipments', 'report', dateRef, from, to] as const,
  shipment: (id: string) => ['shipments', 'one', id] as const,
  events: (id: string) => ['shipments', 'events', id] as const,
  activity: (id: string) => ['shipments', 'activity', id] as const,
  active: ['tracking', 'active'] as const,
  settings: ['operations', 'settings'] as const,
  exceptions: (status: string | null, mine: boolean) => ['exceptions', status, mine] as const,
  exception: (id: string) => ['exceptions', 'one', id] as const,
  taskMeta: (scope: TaskScope) => ['tasks', 'meta', scope] as const,
  taskBoard: (f: TaskFilters) => ['tasks', 'board', f] as const,
  parties: (q: string) => ['parties', q] as const,
  documents: (type: DocumentType | null) => ['documents', 'list', type] as const,
  documentTypes: ['documents', 'types'] as const,
  publicTracking: (token: string) => ['public-tracking', token] as const,
};

export const operationsApi = {
  booking: (id: string) => api.get<Booking>(`/bookings/${id}`),
  updateBooking: (id: string, body: Record<string, unknown>) => api.patch<Booking>(`/bookings/${id}`, body),
  bookingAction: (id: string, action: 'confirm' | 'reject' | 'cancel' | 'complete', body: Record<string, unknown> = {}) => api.post<Booking>(`/bookings/${id}/${action}`, body),

  shipments: (f: ShipmentFilters, cursor: string | null) =>
    api.list<ShipmentSummary>('/shipments', {
      params: { limit: 50, date_ref: f.date_ref, ...(f.status && { status: f.status }), ...(f.mode && { mode: f.mode }), ...(f.from && { from: f.from }), ...(f.to && { to: f.to }), ...(f.q && { q: f.q }), ...(cursor && { cursor }) },
    }),
  report: (dateRef: DateReference, from: string, to: string) => api.get<ShipmentReport>('/shipments/report', { params: { date_ref: dateRef, from, to } }),
  createShipment: (body: ShipmentCreateBody) => api.post<Shipment>('/shipments', body),
  shipment: (id: string) => api.get<Shipment>(`/shipments/${id}`),
  updateShipment: (id: string, body: ShipmentPatchBody) => api.patch<Shipment>(`/shipments/${id}`, body),
  /** Parties from the CRM by name (clients, their contacts, connected organisations). */
  parties: (q: string, signal?: AbortSignal) => api.get<PartySuggestion[]>('/clients/parties', { params: { q }, signal, silent: true }),
  moveShipment: (id: string, status: ShipmentStatus) => api.post<Shipment>(`/shipments/${id}/status`, { status }),
  signOff: (id: string) => api.post<Shipment>(`/shipments/${id}/sign-off`, {}),
  saveCharges: (id: string, charges: Shipment['charges']) => api.put<Shipment>(`/shipments/${id}/charges`, { charges }),
  addContainer: (id: string, body: { number: string; iso_type: string; seal?: string | null }) => api.post<Container>(`/shipments/${id}/containers`, body),
  removeContainer: (id: string, containerId: string) => api.delete(`/shipments/${id}/containers/${containerId}`),
  events: (id: string) => api.get<TrackingEvent[]>(`/shipments/${id}/events`),
  /** A page of the shipment's history, newest first (`cursor`: the previous page's next_cursor). */
  activity: (id: string, cursor: string | null) => api.list<ShipmentActivity>(`/shipments/${id}/activity`, { params: { limit: 20, ...(cursor && { cursor }) } }),
  addEvent: (id: string, body: Record<string, unknown>) => api.post<TrackingEvent>(`/shipments/${id}/events`, body),
  follow: (id: string, on: boolean) => (on ? api.post<Shipment>(`/shipments/${id}/follow`, {}) : api.delete<Shipment>(`/shipments/${id}/follow`)),
  trackingLink: (id: string, shows: TrackingShows) => api.post<{ url: string }>(`/shipments/${id}/tracking-link`, { shows }),
  stopTrackingLink: (id: string) => api.delete(`/shipments/${id}/tracking-link`),
  generate: (id: string, body: { type: DocumentType; without_origin?: boolean; language?: string }) => api.post<FynDocument>(`/shipments/${id}/documents`, body),

  active: () => api.get<ActiveShipment[]>('/tracking/active'),
  settings: () => api.get<{ eta_margin_hours: number }>('/operations/settings'),
  saveSettings: (body: { eta_margin_hours: number }) => api.patch<{ eta_margin_hours: number }>('/operations/settings', body),
  publicTracking: (token: string) => api.get<PublicTracking>(`/public/tracking/${token}`),

  exceptions: (status: string | null, mine: boolean) => api.get<ShipmentException[]>('/exceptions', { params: { ...(status && { status }), ...(mine && { mine: 'true' }) } }),
  exception: (id: string) => api.get<ShipmentException>(`/exceptions/${id}`),
  scan: () => api.post<{ raised: number; cleared: number }>('/exceptions/scan', {}),
  assignException: (id: string, userId: string | null) => api.post<ShipmentException>(`/exceptions/${id}/assign`, { user_id: userId }),
  comment: (id: string, body: string) => api.post<ShipmentException>(`/exceptions/${id}/comments`, { body }),
  resolve: (id: string, note: string) => api.post<ShipmentException>(`/exceptions/${id}/resolve`, { note }),

  taskMeta: (scope: TaskScope) => api.get<TaskMeta>('/tasks/meta', { params: { scope, today: localDay() } }),
  /** One page of the board with the counts of its scope; "today" is the reader's own day. */
  taskBoard: (f: TaskFilters) =>
    api.list<BoardTask>('/tasks/board', {
      params: { scope: f.scope, state: f.state, page: f.page, per_page: f.per_page, today: localDay(), ...(f.due_this_week && { due_this_week: 'true' }), ...(f.q && { q: f.q }) },
    }) as unknown as Promise<TaskBoard>,
  createTask: (body: NewTask) => api.post<{ id: string }>('/tasks', body),
  /** Gives a task to a colleague, or (null) to nobody. */
  assignTask: (id: string, userId: string | null) => api.post<{ id: string; assignee_user_id: string | null }>(`/tasks/${id}/assign`, { user_id: userId }),
  /** Whom a task may be given to: the active members, for a role that creates or changes operations (no staff.view needed). */
  taskAssignees: () => api.get<TaskAssignee[]>('/tasks/assignees', { silent: true }),
  /** Bookings to link, found on the server by number or client (the newest `limit`). */
  findBookings: (q: string, limit = 20) => api.get<Booking[]>('/bookings', { params: { limit, ...(q && { q }) }, silent: true }),
  completeTask: (id: string) => api.post<BoardTask>(`/tasks/${id}/complete`, {}),
  reopenTask: (id: string) => api.post<BoardTask>(`/tasks/${id}/reopen`, {}),

  documents: (type: DocumentType | null, cursor: string | null) => api.list<FynDocument>('/documents', { params: { limit: 50, ...(type && { type }), ...(cursor && { cursor }) } }),
  documentTypes: () => api.get<DocumentTypeSummary[]>('/documents/types'),
  emailDocument: (id: string, to: string, message?: string) => api.post<FynDocument>(`/documents/${id}/email`, { to, ...(message && { message }) }),
};

/** Today in the reader's own time zone, `YYYY-MM-DD` (what is overdue and due this week count from). */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Where a generated document's PDF opens. */
export const documentPdfUrl = (id: string) => `/api/documents/${id}/pdf`;
