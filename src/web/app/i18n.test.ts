import { afterAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { changeLanguage, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, LOCALES, antdLocaleFor } from './i18n.ts';
import en from '../locales/en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const english = flatten(en as Tree);
/** Names and texts that stay as they are in every language. */
const SAME_EVERYWHERE = new Set(['app.title', 'auth.name', 'titles.dashboard']);

describe('locales', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated', async (locale) => {
    const texts = flatten((await import(`../locales/${locale}.json`)).default as Tree);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    const untranslated = Object.keys(english).filter((k) => !SAME_EVERYWHERE.has(k) && texts[k] === english[k]);
    expect(untranslated.length).toBeLessThanOrEqual(1);
    for (const [key, text] of Object.entries(english)) {
      const vars = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(vars(texts[key] ?? ''), `${locale} ${key}`).toEqual(vars(text));
    }
  });

  it('offers each language by its own name', () => {
    expect(Object.values(LANGUAGE_NAMES)).toEqual(['Deutsch', 'English', 'Español', 'Français', '日本語', 'Română', 'Русский', '中文']);
  });
});

describe('changeLanguage', () => {
  afterAll(() => changeLanguage('en'));

  it('loads the language on demand, remembers it and sets <html lang>', async () => {
    await changeLanguage('de');
    expect(i18next.language).toBe('de');
    expect(i18next.t('auth.log_in')).toBe('Anmelden');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(antdLocaleFor('de')?.locale).toBe('de');
  });
});
