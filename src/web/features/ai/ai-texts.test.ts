// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { AI_FEATURES } from '#shared/ai/prices.ts';
import { QUOTE_DRAFT_FIELDS } from '#shared/api/ai.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';
import { aiT } from './ai-texts.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/ai.json`));

describe('AI texts (src/web/locales/<lang>/ai.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    expectTranslated(texts, locale);
  });

  it('names every feature and every field of a quote draft', () => {
    const keys = [...AI_FEATURES.map((f) => `features.${f}`), ...QUOTE_DRAFT_FIELDS.map((f) => `draft.fields.${f}`)];
    expect(keys.filter((k) => !(k in texts.en))).toEqual([]);
  });

  it('is loaded into its own namespace with the feature', () => {
    expect(i18next.hasResourceBundle('en', 'ai')).toBe(true);
    expect(aiT('credits', { n: 3 })).toBe('3 credits');
  });
});
