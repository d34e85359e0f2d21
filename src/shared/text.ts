/** Lower case without diacritics ("Curaçao" → "curacao"), the form search matches on. */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd')
    .replace(/[æÆ]/g, 'ae')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text cut to at most `max` characters with an ellipsis when longer, counting and cutting by
 * code points: a cut never splits a surrogate pair (an emoji or a rare CJK character), which would
 * leave text that PostgreSQL refuses and fonts cannot draw.
 */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}
