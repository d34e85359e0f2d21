// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '#shared/api/developers.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/developers.json`));

describe('developer page texts (src/web/locales/<lang>/developers.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    expectTranslated(texts, locale);
  });

  it('names every webhook event type', () => {
    expect(WEBHOOK_EVENT_TYPES.map((x) => `event_types.${x.replace('.', '_')}`).filter((k) => !(k in texts.en))).toEqual([]);
  });
});
