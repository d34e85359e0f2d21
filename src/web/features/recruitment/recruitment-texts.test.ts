// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CONTRACT_TYPES, EMPLOYMENT_TYPES } from '#shared/hr/model.ts';
import { APPLICANT_SOURCES, APPLICANT_STATUSES, INTERVIEW_KINDS, INTERVIEW_STATUSES, OFFER_ACTIONS, OFFER_STATUSES, OPENING_STATUSES, RECOMMENDATIONS } from '#shared/recruitment/model.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';
import { recruitmentT } from './recruitment-texts.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/recruitment.json`));

describe('recruitment texts (src/web/locales/<lang>/recruitment.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    expectTranslated(texts, locale);
  });

  it('names every status, kind, source, recommendation and offer action', () => {
    const keys = [
      ...OPENING_STATUSES.map((s) => `openings.statuses.${s}`), ...APPLICANT_STATUSES.map((s) => `applicant.statuses.${s}`), ...APPLICANT_SOURCES.map((s) => `sources.${s}`),
      ...INTERVIEW_KINDS.map((k) => `interviews.kinds.${k}`), ...INTERVIEW_STATUSES.map((s) => `interviews.statuses.${s}`), ...RECOMMENDATIONS.map((r) => `interviews.recommendations.${r}`),
      ...OFFER_STATUSES.map((s) => `offers.statuses.${s}`), ...Object.keys(OFFER_ACTIONS).flatMap((a) => [`offers.actions.${a}`, `offers.done.${a}`]),
      ...EMPLOYMENT_TYPES.map((e) => `employment_types.${e}`), ...CONTRACT_TYPES.map((c) => `contract_types.${c}`),
    ];
    expect(keys.filter((k) => !(k in texts.en))).toEqual([]);
  });

  it('is loaded into its own namespace with the feature', () => {
    expect(i18next.hasResourceBundle('en', 'recruitment')).toBe(true);
    expect(recruitmentT('hire.title', { name: 'Amira' })).toBe('Hire Amira');
  });
});
