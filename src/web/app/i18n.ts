import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import type { Locale } from '#shared/api/user.ts';
import { dayjs } from '../lib/dayjs.ts';

export type { Locale };

/** Each language offered by its own name. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  ro: 'Română',
  ru: 'Русский',
  zh: '中文',
};

/**
 * The languages (shared LOCALES, spec §1), derived from the names so that the type checker
 * holds both to the shared `Locale` while zod, behind the shared module, stays off this page.
 */
export const LOCALES = Object.keys(LANGUAGE_NAMES) as Locale[];

export const LANGUAGE_STORAGE_KEY = 'fyn-language';
export const DEFAULT_LANGUAGE: Locale = 'en';

/** antd's own texts; English is bundled (see antdLocaleFor). */
const ANTD_LOCALES: Record<Locale, (() => Promise<{ default: AntdLocale }>) | null> = {
  de: () => import('antd/locale/de_DE'),
  en: null,
  es: () => import('antd/locale/es_ES'),
  fr: () => import('antd/locale/fr_FR'),
  ja: () => import('antd/locale/ja_JP'),
  ro: () => import('antd/locale/ro_RO'),
  ru: () => import('antd/locale/ru_RU'),
  zh: () => import('antd/locale/zh_CN'),
};

/** dayjs names and loaders; English is built in. */
const DAYJS_LOCALES: Record<Locale, [string, (() => Promise<unknown>) | null]> = {
  de: ['de', () => import('dayjs/locale/de.js')],
  en: ['en', null],
  es: ['es', () => import('dayjs/locale/es.js')],
  fr: ['fr', () => import('dayjs/locale/fr.js')],
  ja: ['ja', () => import('dayjs/locale/ja.js')],
  ro: ['ro', () => import('dayjs/locale/ro.js')],
  ru: ['ru', () => import('dayjs/locale/ru.js')],
  zh: ['zh-cn', () => import('dayjs/locale/zh-cn.js')],
};

const antdLocales = new Map<Locale, AntdLocale>();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_NAMES, value);
}

/** The language to start with: the one chosen before, else English (spec §1). */
export function storedLanguage(): Locale {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The current language, as one of ours. */
export function currentLanguage(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/**
 * antd's locale for a language, once loaded; English otherwise. Never undefined: ConfigProvider
 * wraps its children in a LocaleProvider only when given a locale, so going from none to one
 * would remount the whole app (and empty every form) on the first language switch.
 */
export function antdLocaleFor(language: string): AntdLocale {
  return (isLocale(language) ? antdLocales.get(language) : undefined) ?? enUS;
}

async function loadTranslations(language: Locale): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const bundle = (await import(`../locales/${language}.json`)) as { default: Record<string, unknown> };
  i18next.addResourceBundle(language, 'translation', bundle.default, true, true);
}

async function loadAntdLocale(language: Locale): Promise<void> {
  const load = ANTD_LOCALES[language];
  if (load && !antdLocales.has(language)) antdLocales.set(language, (await load()).default);
}

async function loadDayjsLocale(language: Locale): Promise<string> {
  const [name, load] = DAYJS_LOCALES[language];
  if (load) await load();
  return name;
}

/**
 * Switches the interface language: loads its texts (and antd's and dayjs's) on demand, then
 * switches, remembers the choice and sets `<html lang>`.
 */
export async function changeLanguage(language: Locale): Promise<void> {
  const [, , dayjsName] = await Promise.all([
    loadTranslations(language),
    loadAntdLocale(language),
    loadDayjsLocale(language),
  ]);
  dayjs.locale(dayjsName);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this visit.
  }
}

/** Starts i18next with the remembered language (English at first). */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LOCALES,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await changeLanguage(language);
}
