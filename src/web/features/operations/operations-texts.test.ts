// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { BOOKING_STATUSES, DOCUMENT_TYPES, EVENT_CODES, EXCEPTION_KINDS, SHIPMENT_STATUSES } from '#shared/operations/model.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';
import { operationsT } from './operations-texts.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/operations.json`));

describe('operations texts (src/web/locales/<lang>/operations.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    expectTranslated(texts, locale);
  });

  it('names every status, event code, exception and document type', () => {
    const keys = [
      ...BOOKING_STATUSES.map((s) => `bookings.status.${s}`), ...SHIPMENT_STATUSES.map((s) => `shipments.status.${s}`),
      ...Object.values(EVENT_CODES).flat().map((c) => `events.codes.${c}`), ...EXCEPTION_KINDS.map((k) => `exceptions.kinds.${k}`),
      ...DOCUMENT_TYPES.map((d) => `documents.types.${d}`),
    ];
    expect(keys.filter((k) => !(k in texts.en))).toEqual([]);
  });

  it('is loaded into its own namespace with the feature', () => {
    expect(i18next.hasResourceBundle('en', 'operations')).toBe(true);
    expect(operationsT('shipments.days', { count: 7 })).toBe('7 days');
  });
});
