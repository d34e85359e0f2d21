import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { onLanguageLoad } from './language-loads.ts';

type Bundles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * A feature's own texts as an i18next namespace (src/web/locales/<lang>/<ns>.json), loaded with its
 * first screen, never with the login page or the dashboard, and again on a language switch before
 * the interface switches. `bundles` is the feature's `import.meta.glob` of those files (one chunk
 * per language). Awaiting `ready` in the feature's module renders its screens only once the
 * current language's texts are here.
 */
export function textNamespace(ns: string, bundles: Bundles) {
  async function load(language: string): Promise<void> {
    const file = Object.keys(bundles).find((path) => path.endsWith(`/${language}/${ns}.json`));
    if (!file || i18next.hasResourceBundle(language, ns)) return;
    i18next.addResourceBundle(language, ns, (await bundles[file]()).default, true, true);
  }
  onLanguageLoad(load);
  return {
    ns,
    ready: load(i18next.language || 'en'),
    /** `t` that looks in this namespace first, then in the app's. */
    useT: () => useTranslation([ns, 'translation'], { nsMode: 'fallback' }),
    /** For code outside React (drawer titles, messages). */
    t: (key: string, options?: Record<string, unknown>): string => i18next.t(key, { ns: [ns, 'translation'], ...options }) as string,
  };
}
