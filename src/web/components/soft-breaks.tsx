import { Fragment, type ReactNode } from 'react';

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;

/**
 * Text in a narrow place (a board card): an e-mail address in it may wrap only where a reader
 * expects, before its `@` and before each dot, never in the middle of a word. Other text wraps
 * as usual.
 */
export function SoftBreaks({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(EMAIL)) {
    parts.push(text.slice(at, match.index));
    match[0].split(/(?=[@.])/).forEach((piece, i) => parts.push(<Fragment key={`${match.index}-${i}`}>{i > 0 && <wbr />}{piece}</Fragment>));
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return <span className="fyn-soft-breaks">{parts}</span>;
}
