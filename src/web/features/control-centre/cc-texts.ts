import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { onLanguageLoad } from '../../lib/language-loads.ts';

/**
 * The control centre's texts (record types, fields, staff, roles, permissions) are their own
 * i18next namespace, in src/web/locales/<lang>/control-centre.json: loaded with the first
 * control-centre screen, never with the login page or the dashboard.
 */
export const CC_NS = 'control-centre';

/** One chunk per language, fetched on demand. */
const BUNDLES = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/control-centre.json');

async function loadTexts(language: string): Promise<void> {
  const load = BUNDLES[`../../locales/${language}/control-centre.json`];
  if (!load || i18next.hasResourceBundle(language, CC_NS)) return;
  i18next.addResourceBundle(language, CC_NS, (await load()).default, true, true);
}

// A language switch loads this namespace's texts too, before the interface switches.
onLanguageLoad(loadTexts);
// Screens of this feature render only once the current language's texts are here.
await loadTexts(i18next.language || 'en');

/** `t` that looks in the control centre's namespace first, then in the app's. */
export function useCcTranslation() {
  return useTranslation([CC_NS, 'translation'], { nsMode: 'fallback' });
}

/** For code outside React (drawer titles, messages). */
export const ccT = (key: string, options?: Record<string, unknown>): string =>
  i18next.t(key, { ns: [CC_NS, 'translation'], ...options }) as string;
