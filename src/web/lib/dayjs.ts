import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import i18next from 'i18next';
import { onLanguageLoad } from './language-loads.ts';

dayjs.extend(relativeTime);

/** dayjs names and loaders of the interface languages; English is built in. */
const DAYJS_LOCALES: Record<string, [string, (() => Promise<unknown>) | null]> = {
  de: ['de', () => import('dayjs/locale/de.js')],
  en: ['en', null],
  es: ['es', () => import('dayjs/locale/es.js')],
  fr: ['fr', () => import('dayjs/locale/fr.js')],
  ja: ['ja', () => import('dayjs/locale/ja.js')],
  ro: ['ro', () => import('dayjs/locale/ro.js')],
  ru: ['ru', () => import('dayjs/locale/ru.js')],
  zh: ['zh-cn', () => import('dayjs/locale/zh-cn.js')],
};

async function applyDayjsLocale(language: string): Promise<void> {
  const [name, load] = DAYJS_LOCALES[language] ?? DAYJS_LOCALES.en!;
  if (load) await load();
  dayjs.locale(name);
}

// dates follow the interface language (relative times "vor 3 Tagen"); this module loads
// with the first screen that shows a date, and that screen waits for its language.
onLanguageLoad(applyDayjsLocale);
await applyDayjsLocale(i18next.language ?? 'en');

export { dayjs };
