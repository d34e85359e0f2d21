// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CYCLE_STATUSES, GOAL_STATUSES, REVIEW_STATUSES } from '#shared/hr/performance.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';
import { performanceT } from './performance-texts.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/performance.json`));

describe('performance texts (src/web/locales/<lang>/performance.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    expectTranslated(texts, locale);
  });

  it('names every cycle, review and goal status', () => {
    const keys = [...CYCLE_STATUSES.map((s) => `cycles.status.${s}`), ...REVIEW_STATUSES.map((s) => `reviews.status.${s}`), ...GOAL_STATUSES.map((s) => `goals.status.${s}`)];
    expect(keys.filter((k) => !(k in texts.en))).toEqual([]);
  });

  it('is loaded into its own namespace with the feature', () => {
    expect(i18next.hasResourceBundle('en', 'performance')).toBe(true);
    expect(performanceT('review.score_preview', { score: '3.90' })).toBe('Final score with these ratings: 3.90');
  });
});
