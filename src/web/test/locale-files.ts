import { expect } from 'vitest';

type Tree = { [key: string]: string | Tree };
/** A locale file's texts by dotted key. */
export const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)))),
  );

export const LOCALES = ['de', 'en', 'es', 'fr', 'ja', 'ro', 'ru', 'zh'] as const;
export type LocaleName = (typeof LOCALES)[number];

/** Every language's texts of one namespace file (`load` imports src/web/locales/<lang>/<file>). */
export async function localeTexts(load: (locale: LocaleName) => Promise<{ default: unknown }>): Promise<Record<LocaleName, Record<string, string>>> {
  return Object.fromEntries(await Promise.all(LOCALES.map(async (l) => [l, flatten((await load(l)).default as Tree)]))) as Record<LocaleName, Record<string, string>>;
}

/** A key without its plural suffix (i18next: `_one`, `_few`, `_many`, `_other` … differ by language). */
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/** A language has every English key (plural forms as its own grammar needs), translated (few texts alike), with the same placeholders. */
export function expectTranslated(texts: Record<LocaleName, Record<string, string>>, locale: LocaleName, maxSameShare = 0.07) {
  const english = texts.en;
  const own = texts[locale];
  const bases = (t: Record<string, string>) => [...new Set(Object.keys(t).map(pluralBase))].sort();
  expect(bases(own)).toEqual(bases(english));
  const same = Object.keys(english).filter((k) => own[k] === english[k]);
  expect(same.length / Object.keys(english).length).toBeLessThan(maxSameShare);
  const vars = (s: string): string[] => (s.match(/{{\w+}}/g) ?? []).sort();
  const englishOf = (key: string) => english[key] ?? english[`${pluralBase(key)}_other`] ?? '';
  for (const [key, text] of Object.entries(own)) {
    if (pluralBase(key) === key) expect(vars(text), `${locale} ${key}`).toEqual(vars(englishOf(key)));
    // A plural form may leave out the count ("once") or need it where English does not (Russian "one" is also 21, 31 …).
    else expect(vars(text).filter((v) => !vars(english[`${pluralBase(key)}_other`] ?? englishOf(key)).includes(v)), `${locale} ${key}`).toEqual([]);
  }
}
