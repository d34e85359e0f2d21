import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale as AntdLocale } from 'antd/es/locale';
// The es builds: antd/locale/* are CommonJS and bring a second copy of date-picker texts.
import enUS from 'antd/es/locale/en_US';
import type { Locale, SessionUser } from '#shared/api/user.ts';
import { api } from './api-client.ts';
import { runLanguageLoads } from './language-loads.ts';
import { useSessionStore } from './session-store.ts';

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
 * The languages (shared LOCALES, docs/product.md#languages), derived from the names so that the type checker
 * holds both to the shared `Locale` while zod, behind the shared module, stays off this page.
 */
export const LOCALES = Object.keys(LANGUAGE_NAMES) as Locale[];

export const LANGUAGE_STORAGE_KEY = 'fyn-language';
export const DEFAULT_LANGUAGE: Locale = 'en';

/** antd's own texts; English is bundled (see antdLocaleFor). */
const ANTD_LOCALES: Record<Locale, (() => Promise<{ default: AntdLocale }>) | null> = {
  de: () => import('antd/es/locale/de_DE'),
  en: null,
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  ja: () => import('antd/es/locale/ja_JP'),
  ro: () => import('antd/es/locale/ro_RO'),
  ru: () => import('antd/es/locale/ru_RU'),
  zh: () => import('antd/es/locale/zh_CN'),
};

const antdLocales = new Map<Locale, AntdLocale>();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_NAMES, value);
}

/** The language to start with: the one chosen before, else English (docs/product.md#languages). */
export function storedLanguage(): Locale {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Whether the visitor has chosen a language in this browser. */
export function hasChosenLanguage(): boolean {
  try {
    return isLocale(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return false;
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

/**
 * Shows the interface in a language: loads its texts (and antd's and dayjs's) on demand, then
 * switches and sets `<html lang>`. Remembers nothing (see changeLanguage).
 */
export async function applyLanguage(language: Locale): Promise<void> {
  // Texts of dayjs and other modules that register for it (lib/language-loads.ts) come along.
  await Promise.all([loadTranslations(language), loadAntdLocale(language), runLanguageLoads(language)]);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * The user chooses a language: apply it, remember it in this browser and, when logged in,
 * save it with the user (silently: a failure only means the next browser will not know).
 */
export async function changeLanguage(language: Locale): Promise<void> {
  await applyLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this visit.
  }
  const { isLoggedIn, user, setUser } = useSessionStore.getState();
  if (isLoggedIn && user && user.locale !== language) {
    api
      .patch<SessionUser>('/user', { locale: language }, { silent: true, skipAuthRedirect: true })
      .then((saved) => {
        if (saved && useSessionStore.getState().isLoggedIn) setUser(saved);
      })
      .catch((error: unknown) => console.warn('Saving the language failed', error));
  }
}

/**
 * On login, the interface takes the language saved with the user, unless the visitor has
 * chosen one in this browser. Answers the unsubscribe function.
 */
export function followUserLanguage(): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (!state.isLoggedIn || previous.isLoggedIn || !state.user) return;
    const language = languageOnLogin(state.user.locale);
    if (language) void applyLanguage(language);
  });
}

/** The language to switch to on a login: the user's saved one, unless one was chosen in this browser. */
export function languageOnLogin(saved: string): Locale | null {
  return !hasChosenLanguage() && isLocale(saved) && saved !== currentLanguage() ? saved : null;
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
  await applyLanguage(language);
}
