import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MENTION_TOKEN } from '#shared/api/post-rules.ts';

/** Web addresses in plain text: http(s)://… or www.…, up to the next space. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'"’”]+$/;

/** An address safe to link to: http or https only (no javascript:, data: …). */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Plain text with its web addresses as links (React elements; nothing is read as HTML). */
function linkify(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const start = m.index ?? 0;
    const address = m[0].replace(TRAILING, '');
    const href = safeHref(address);
    if (!href) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(
      <a key={`${key}-${start}`} href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {address}
      </a>,
    );
    at = start + address.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/**
 * A post's or comment's body: plain text kept as written (line breaks by CSS), mention tokens
 * `@[Name](user:<id>)` as links to the person's profile, web addresses as links.
 */
export function PostText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(new RegExp(MENTION_TOKEN.source, 'g'))) {
    const start = m.index ?? 0;
    if (start > at) parts.push(...linkify(text.slice(at, start), `t${at}`));
    parts.push(
      <Link key={`m${start}`} to={`/profile/${m[2]}`} className="fyn-mention">
        @{m[1]}
      </Link>,
    );
    at = start + m[0].length;
  }
  if (at < text.length) parts.push(...linkify(text.slice(at), `t${at}`));
  return <span className="fyn-post-text">{parts.map((p, i) => <Fragment key={i}>{p}</Fragment>)}</span>;
}
