import { majorOf } from '#shared/money/amounts.ts';
import type { Mail } from '../mail/mailer.ts';
import { escapeHtml, mailLayout } from '../mail/templates.ts';
import type { QuoteRow } from './service.ts';

/** The client's e-mail with the link to accept or decline a quote (APP_URL/quote/<token>). */
export function quoteMail(to: string, organisation: string, sender: string, q: QuoteRow, link: string): Mail {
  const total = `${q.currency} ${majorOf(q.sell_minor, q.currency)}`;
  const route = `${q.origin} → ${q.destination}`;
  const day = String(q.valid_until).slice(0, 10);
  return {
    to,
    subject: `${organisation}: quotation ${q.number}${q.revision > 1 ? ` (revision ${q.revision})` : ''}, ${route}`,
    text:
      `${sender} of ${organisation} sends you quotation ${q.number} for ${q.client_name}: ${route}, ${total}, valid until ${day}.\n\n` +
      `See it and accept or decline it (no account needed):\n${link}`,
    html: mailLayout(
      `<p>${escapeHtml(sender)} of <strong>${escapeHtml(organisation)}</strong> sends you quotation <strong>${escapeHtml(q.number)}</strong> for ${escapeHtml(q.client_name)}.</p>` +
        `<p>${escapeHtml(route)} · <strong>${escapeHtml(total)}</strong> · valid until ${escapeHtml(day)}</p>` +
        `<p><a href="${escapeHtml(link)}" style="background:#4788B6;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">See the quotation</a></p>` +
        `<p>You can accept or decline it there; no account is needed.</p>`,
      `You get this e-mail because ${organisation} sent you a quotation on FYN.`,
    ),
  };
}
