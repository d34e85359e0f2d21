import type { ClientUpdateLanguage } from '#shared/api/ai-shipments.ts';
import type { ExceptionKind, ShipmentStatus } from '#shared/operations/model.ts';
import { CLIENT_UPDATE_TEXTS } from './client-update-texts.ts';

/**
 * The built-in engine's client update: a status e-mail written from what the shipment record says
 * (status, departure and arrival, the estimates of arrival as they moved, the latest actual events,
 * the open exceptions), with the template sentences of the client's language. It invents nothing:
 * a date the record lacks is left out. The person edits it before it is sent.
 */
export type UpdateFacts = {
  client: string;
  reference: string;
  status: ShipmentStatus;
  origin: string;
  destination: string;
  vessel: string | null;
  etd: Date | null;
  atd: Date | null;
  eta: Date | null;
  /** The arrival first planned. */
  etaPlanned: Date | null;
  ata: Date | null;
  /** Actual events, any order. */
  events: { code: string; occurredAt: Date; place: string | null }[];
  /** The estimates of arrival as they came in, oldest first. */
  etaEstimates: Date[];
  exceptions: ExceptionKind[];
  sender: string;
  organisation: string;
};

const LOCALES: Record<ClientUpdateLanguage, string> = { de: 'de-DE', en: 'en-GB', es: 'es-ES', fr: 'fr-FR', ja: 'ja-JP', ro: 'ro-RO', ru: 'ru-RU', zh: 'zh-CN' };

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
const day = (d: Date) => d.toISOString().slice(0, 10);

/** How many times the expected arrival moved: between the estimates received, or from the plan to the current one. */
export function etaChanges(f: Pick<UpdateFacts, 'etaEstimates' | 'etaPlanned' | 'eta'>): number {
  const days = f.etaEstimates.map(day).filter((d, i, all) => i === 0 || d !== all[i - 1]);
  if (days.length > 1) return days.length - 1;
  return f.etaPlanned && f.eta && day(f.etaPlanned) !== day(f.eta) ? 1 : 0;
}

export function writeClientUpdate(f: UpdateFacts, language: ClientUpdateLanguage): { subject: string; body: string; etaChanges: number } {
  const t = CLIENT_UPDATE_TEXTS[language];
  const date = (d: Date) => new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
  const place = { ref: f.reference, from: f.origin, to: f.destination };
  const facts: string[] = [fill(t.status[f.status], place)];
  if (f.atd) facts.push(fill(t.departed, { date: date(f.atd) }));
  else if (f.etd && f.status === 'booked') facts.push(fill(t.departs, { date: date(f.etd) }));
  if (f.vessel && f.status === 'in_transit') facts.push(fill(t.vessel, { vessel: f.vessel }));
  if (f.ata) facts.push(fill(t.arrived, { date: date(f.ata) }));
  else if (f.eta && f.status !== 'cancelled') {
    const first = f.etaEstimates.length > 1 ? f.etaEstimates[0] : f.etaPlanned;
    if (first && day(first) !== day(f.eta)) facts.push(fill(f.eta > first ? t.eta_later : t.eta_earlier, { from: date(first), to: date(f.eta) }));
    else facts.push(fill(t.eta, { date: date(f.eta) }));
  }
  const paragraphs = [fill(t.greeting, { client: f.client }), facts.join(' ')];
  const events = [...f.events].filter((e) => t.event[e.code]).sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime()).slice(0, 3);
  if (events.length) paragraphs.push([t.events, ...events.map((e) => `- ${date(e.occurredAt)}: ${t.event[e.code]}${e.place ? ` (${e.place})` : ''}`)].join('\n'));
  const open = [...new Set(f.exceptions)];
  paragraphs.push(open.length ? open.map((k) => t.exception[k]).join(' ') : t.on_plan);
  paragraphs.push(t.questions);
  paragraphs.push([t.closing, f.sender, f.organisation].join('\n'));
  return { subject: fill(t.subject, place), body: paragraphs.join('\n\n'), etaChanges: etaChanges(f) };
}
