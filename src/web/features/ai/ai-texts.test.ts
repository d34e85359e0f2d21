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
    expect([1, 3].map((count) => aiT('credits', { count }))).toEqual(['1 credit', '3 credits']);
  });

  it('counts credits in each language’s own plural forms (no “1 credits”)', async () => {
    for (const l of LOCALES) {
      if (!i18next.hasResourceBundle(l, 'ai')) i18next.addResourceBundle(l, 'ai', (await import(`../../locales/${l}/ai.json`)).default);
    }
    const counts = (l: string, key: string, options: Record<string, unknown> = {}) => [0, 1, 2, 5, 21, 1_000_000].map((count) => i18next.getFixedT(l, 'ai')(key, { ...options, count }));
    // Counts are written as the language writes numbers (1,000,000; 1 000 000; 1.000.000).
    const million = (l: string) => new Intl.NumberFormat(l).format(1_000_000);
    expect(million('en')).toBe('1,000,000');
    expect(counts('en', 'credits')).toEqual(['0 credits', '1 credit', '2 credits', '5 credits', '21 credits', `${million('en')} credits`]);
    expect(counts('ru', 'credits')).toEqual(['0 кредитов', '1 кредит', '2 кредита', '5 кредитов', '21 кредит', `${million('ru')} кредитов`]);
    expect(counts('ro', 'credits')).toEqual(['0 credite', '1 credit', '2 credite', '5 credite', '21 de credite', `${million('ro')} de credite`]);
    expect(counts('fr', 'credits')).toEqual(['0 crédit', '1 crédit', '2 crédits', '5 crédits', '21 crédits', `${million('fr')} de crédits`]);
    expect(counts('de', 'draft.cost', { engine: 'X' })[1]).toBe('Das Lesen kostet 1 Credit (X).');
    expect(counts('ja', 'credit_word')).toEqual(Array(6).fill('クレジット'));
    // Every count-bearing text of every language has the forms its grammar asks for.
    for (const l of LOCALES) {
      const forms = new Intl.PluralRules(l).resolvedOptions().pluralCategories;
      for (const key of ['credits', 'credit_word', 'buy_pack', 'bought', 'draft.cost']) {
        expect(forms.filter((f) => !(`${key}_${f}` in texts[l])), `${l} ${key}`).toEqual([]);
      }
    }
  });
});
