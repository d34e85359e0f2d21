// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CHARGE_BASES, QUOTE_MODES, QUOTE_STATUSES } from '#shared/quotes/model.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';
import { salesT } from './sales-texts.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/sales.json`));

describe('sales texts (src/web/locales/<lang>/sales.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    expectTranslated(texts, locale);
  });

  it('names every status, mode and charge basis', () => {
    const keys = [...QUOTE_STATUSES.map((s) => `quotes.status.${s}`), ...QUOTE_MODES.map((m) => `quotes.modes.${m}`), ...CHARGE_BASES.map((b) => `quotes.bases.${b}`)];
    expect(keys.filter((k) => !(k in texts.en))).toEqual([]);
  });

  it('is loaded into its own namespace with the feature', () => {
    expect(i18next.hasResourceBundle('en', 'sales')).toBe(true);
    expect(salesT('quotes.revision', { n: 2 })).toBe('revision 2');
  });
});
