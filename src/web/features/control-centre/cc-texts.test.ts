// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { PERMISSION_ACTIONS, PERMISSION_MODULES } from '#shared/resources/permissions.ts';
import { RESOURCES } from '#shared/resources/registry.ts';
import { CC_NS } from './cc-texts.ts';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

const LOCALES = ['de', 'en', 'es', 'fr', 'ja', 'ro', 'ru', 'zh'] as const;
const texts = Object.fromEntries(
  await Promise.all(LOCALES.map(async (l) => [l, flatten((await import(`../../locales/${l}/control-centre.json`)).default as Tree)])),
) as Record<(typeof LOCALES)[number], Record<string, string>>;
const english = texts.en;

describe('control-centre texts (src/web/locales/<lang>/control-centre.json)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated, with the same placeholders', (locale) => {
    const own = texts[locale];
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    // Words spelt alike across languages (IBAN, CRM, Terminal …) stay few.
    const same = Object.keys(english).filter((k) => own[k] === english[k]);
    expect(same.length / Object.keys(english).length).toBeLessThan(0.07);
    const vars = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
    for (const [key, text] of Object.entries(english)) expect(vars(own[key] ?? ''), `${locale} ${key}`).toEqual(vars(text));
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
