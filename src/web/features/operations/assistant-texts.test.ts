// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SHIPPING_DOCUMENT_FIELDS, SHIPPING_DOCUMENT_KINDS } from '#shared/api/ai-shipments.ts';
import { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/assistant.json`));

describe('the assistant’s texts on a shipment (src/web/locales/<lang>/assistant.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    expectTranslated(texts, locale);
  });

  it('names every field and kind of a shipping document, every language of an update and where it came from', () => {
    const keys = [
      ...SHIPPING_DOCUMENT_FIELDS.map((f) => `read.fields.${f}`), ...SHIPPING_DOCUMENT_KINDS.map((k) => `read.kinds.${k}`), 'read.kinds.unknown',
      ...DOCUMENT_LANGUAGES.map((l) => `languages.${l}`), ...['requested', 'client', 'organisation', 'member'].map((s) => `update.sources.${s}`),
    ];
    expect(keys.filter((k) => !(k in texts.en))).toEqual([]);
  });
});
