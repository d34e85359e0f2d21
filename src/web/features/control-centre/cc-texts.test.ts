// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { PERMISSION_ACTIONS, PERMISSION_MODULES } from '#shared/resources/permissions.ts';
import { RESOURCES } from '#shared/resources/registry.ts';
import { expectTranslated, LOCALES, localeTexts } from '../../test/locale-files.ts';
import { CC_NS } from './cc-texts.ts';

const texts = await localeTexts((l) => import(`../../locales/${l}/control-centre.json`));
const english = texts.en;

describe('control-centre texts (src/web/locales/<lang>/control-centre.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    // Words spelt alike across languages (IBAN, CRM, Terminal …) stay few.
    expectTranslated(texts, locale);
  });

  it('names every record type, field and option of the descriptors, and every permission', () => {
    const keys: string[] = [];
    for (const d of RESOURCES as readonly ResourceDescriptor[]) {
      keys.push(d.titleKey);
      for (const f of d.fields) {
        keys.push(f.labelKey);
        for (const o of f.options ?? []) keys.push(`${f.labelKey}_options.${o}`);
      }
    }
    for (const m of PERMISSION_MODULES) keys.push(`permissions.modules.${m}`);
    for (const a of PERMISSION_ACTIONS) keys.push(`permissions.actions.${a}`, `permissions.action_help.${a}`);
    expect(keys.filter((k) => !(k in english))).toEqual([]);
  });

  it('is loaded into its own namespace with the feature', () => {
    expect(i18next.hasResourceBundle('en', CC_NS)).toBe(true);
    expect(i18next.t('resources.addresses.location_type_options.fba', { ns: CC_NS })).toBe('FBA (Fulfilment by Amazon)');
  });
});
