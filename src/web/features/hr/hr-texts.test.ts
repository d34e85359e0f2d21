// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CONTRACT_STATUSES, CONTRACT_TYPES } from '#shared/hr/model.ts';
import { LEAVE_STATUSES } from '#shared/api/hr.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';
import { hrT } from './hr-texts.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/hr.json`));

describe('HR texts (src/web/locales/<lang>/hr.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    expectTranslated(texts, locale);
  });

  it('names every contract type and status and every leave status', () => {
    const keys = [...CONTRACT_TYPES.map((c) => `contracts.types.${c}`), ...CONTRACT_STATUSES.map((s) => `contracts.status.${s}`), ...LEAVE_STATUSES.map((s) => `leave.status.${s}`)];
    expect(keys.filter((k) => !(k in texts.en))).toEqual([]);
  });

  it('is loaded into its own namespace with the feature', () => {
    expect(i18next.hasResourceBundle('en', 'hr')).toBe(true);
    expect(hrT('contracts.notice_days', { count: 30 })).toBe("30 days' notice");
  });
});
