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

/** A language has every English key, translated (few texts alike), with the same placeholders. */
export function expectTranslated(texts: Record<LocaleName, Record<string, string>>, locale: LocaleName, maxSameShare = 0.07) {
  const english = texts.en;
  const own = texts[locale];
  expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
  const same = Object.keys(english).filter((k) => own[k] === english[k]);
  expect(same.length / Object.keys(english).length).toBeLessThan(maxSameShare);
  const vars = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
  for (const [key, text] of Object.entries(english)) expect(vars(own[key] ?? ''), `${locale} ${key}`).toEqual(vars(text));
}
