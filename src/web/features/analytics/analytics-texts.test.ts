// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { KPI_KEYS, ANALYTICS_DIMENSIONS, ANALYTICS_BASES, ANALYTICS_GROUPS } from '#shared/api/analytics.ts';
import { QUOTE_MODES } from '#shared/quotes/model.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/analytics.json`));

describe('analytics texts (src/web/locales/<lang>/analytics.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    expectTranslated(texts, locale);
  });

  it('names every figure the tiles show, every breakdown, basis, grouping and mode', () => {
    const keys = [
      ...KPI_KEYS.filter((k) => !['unrated_shipments', 'quotes_declined', 'arrived', 'on_time'].includes(k)).map((k) => `kpi.${k}`),
      ...ANALYTICS_DIMENSIONS.flatMap((d) => [`breakdown.${d}`, `dimension.${d}`]), ...ANALYTICS_BASES.map((b) => `basis.${b}`), ...ANALYTICS_GROUPS.map((g) => `group.${g}`), ...QUOTE_MODES.map((m) => `mode.${m}`),
    ];
    expect(keys.filter((k) => !(k in texts.en))).toEqual([]);
  });
});
