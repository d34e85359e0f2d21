import type { Notification, NotificationType } from '#shared/api/notifications.ts';
import type { Mail } from '../mail/mailer.ts';
import { escapeHtml, mailLayout } from '../mail/templates.ts';

type Sentence = string | ((n: Notification) => string);
const quote = (n: Notification) => ({ number: String(n.data.number ?? ''), client: String(n.data.client ?? 'The client'), day: String(n.data.valid_until ?? '') });
const WHAT: Record<NotificationType, Sentence> = {
  connection_request: 'asked to connect with you',
  connection_accepted: 'accepted your connection request',
  organisation_connection_request: 'asked to connect with your organisation',
  organisation_connection_accepted: 'accepted your organisation’s connection request',
  comment: 'commented on your post',
  like: 'liked your post',
  mention: 'mentioned you',
  message: 'sent you a message',
  quote_accepted: (n) => `${quote(n).client} accepted quote ${quote(n).number}.`,
  quote_declined: (n) => `${quote(n).client} declined quote ${quote(n).number}.`,
  quote_expiring: (n) => `Quote ${quote(n).number} for ${quote(n).client} expires after ${quote(n).day}: time to chase it.`,
  quote_expired: (n) => `Quote ${quote(n).number} for ${quote(n).client} expired without an answer.`,
  shipment_status: (n) => `Shipment ${String(n.data.number ?? '')} is now ${String(n.data.status ?? '').replace('_', ' ')}.`,
  shipment_exception: (n) => `Shipment ${String(n.data.number ?? '')} has a new exception (${String(n.data.kind ?? '').replace(/_/g, ' ')}).`,
  task_assigned: (n) => `${whoOf(n)} gave you the task “${String(n.data.title ?? '')}”.`,
  exception_assigned: (n) => `${whoOf(n)} gave you an exception of shipment ${String(n.data.number ?? '')}.`,
  leave_requested: (n) => `${whoOf(n)} asked for ${String(n.data.days ?? '')} days of leave from ${String(n.data.from ?? '')} to ${String(n.data.to ?? '')}.`,
  leave_approved: (n) => `${whoOf(n)} approved your leave from ${String(n.data.from ?? '')} to ${String(n.data.to ?? '')}.`,
  contract_ending: (n) => `${String(n.data.name ?? '')}'s contract ends on ${String(n.data.date ?? '')}.`,
  probation_ending: (n) => `${String(n.data.name ?? '')}'s probation ends on ${String(n.data.date ?? '')}.`,
  application_received: (n) => `${String(n.data.name ?? 'Someone')} applied for ${String(n.data.opening ?? 'a job opening')}.`,
  webhook_endpoint_disabled: (n) => `The webhook endpoint ${String(n.data.url ?? '')} was disabled (${n.data.reason === 'gone' ? 'it answered 410 Gone' : 'it failed for 5 days'}).`,
  ai_credits: (n) => `Your organisation has used ${String(n.data.threshold ?? '')} % of this period’s AI credits (${String(n.data.used ?? '')} of ${String(n.data.total ?? '')}).`,
  leave_rejected: (n) => `${whoOf(n)} turned down your leave from ${String(n.data.from ?? '')} to ${String(n.data.to ?? '')}.`,
};

/** "Ana", "Ana and Ben", "Ana, Ben and 3 others". */
export function whoOf(n: Pick<Notification, 'actors' | 'actor_count'>): string {
  const names = n.actors.map((a) => a.name);
  if (names.length === 0) return 'Someone';
  const rest = n.actor_count - names.length;
  if (rest > 0) return `${names.join(', ')} and ${rest} ${rest === 1 ? 'other' : 'others'}`;
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function sentenceOf(n: Notification): string {
  const what = WHAT[n.type];
  return typeof what === 'function' ? what(n) : `${whoOf(n)} ${what ?? 'did something'}.`;
}

/** The daily e-mail of notifications that stayed unread. */
export function digestMail(to: string, name: string, items: Notification[], link: string): Mail {
  const lines = items.map(sentenceOf);
  const subject = items.length === 1 ? `FYN: ${lines[0]}` : `FYN: ${items.length} unread notifications`;
  return {
    to,
    subject,
    text: `Hello ${name},\n\nWhile you were away:\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\nSee them on FYN: ${link}`,
    html: mailLayout(
      `<p>Hello ${escapeHtml(name)},</p><p>While you were away:</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` +
        `<p><a href="${escapeHtml(link)}" style="background:#4788B6;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open your notifications</a></p>`,
      'You get this e-mail once a day when notifications stay unread.',
    ),
  };
}
