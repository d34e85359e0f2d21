import { describe, expect, it } from 'vitest';
import { clip } from './text.ts';

describe('clip', () => {
  it('keeps short text and cuts long text with an ellipsis, by characters', () => {
    expect(clip('Felixstowe', 20)).toBe('Felixstowe');
    expect(clip('Felixstowe', 5)).toBe('Feli…');
  });

  it('never splits a character outside the basic plane (a fuzz-found 500: an excerpt ending in half an emoji)', () => {
    const text = '𪔦'.repeat(200);
    const cut = clip(text, 140);
    expect(Array.from(cut)).toHaveLength(140);
    expect(cut.endsWith('𪔦…')).toBe(true);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut)).toBe(false);
  });
});
