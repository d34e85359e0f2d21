import i18next from 'i18next';
import { onLanguageLoad } from './language-loads.ts';

/**
 * The texts of the screens behind the login (dashboard, organisation, billing, plans, profile,
 * settings, pricing, developer), in src/web/locales/<lang>/app.json: merged into the app's
 * namespace when a layout with screen providers (home, pricing, 404) loads, so that the login page
 * does not carry them. Importing this module waits for the current language's texts.
 */
const BUNDLES = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/app.json');
const loaded = new Set<string>();

async function loadTexts(language: string): Promise<void> {
  const load = BUNDLES[`../locales/${language}/app.json`];
  if (!load || loaded.has(language)) return;
  i18next.addResourceBundle(language, 'translation', (await load()).default, true, true);
  loaded.add(language);
}

// A language switch loads these texts too, before the interface switches.
onLanguageLoad(loadTexts);
await loadTexts(i18next.language || 'en');
