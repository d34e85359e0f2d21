import { afterAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { useSessionStore } from '../lib/session-store.ts';
import { sessionUser } from '../test/fixtures.ts';
import { changeLanguage, followUserLanguage, languageOnLogin, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, LOCALES, antdLocaleFor } from './i18n.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../lib/api-client.ts', () => ({ api }));
import en from '../locales/en.json';
import enApp from '../locales/en/app.json';
import { expectTranslated, flatten, type LocaleName } from '../test/locale-files.ts';

type Tree = { [key: string]: string | Tree };

/** The app's namespace: the first page's texts and those of the screens behind the login (lib/app-texts.ts). */
const english = flatten({ ...en, ...enApp } as Tree);
/** Names and texts that stay as they are in every language. */
const SAME_EVERYWHERE = new Set(['app.title', 'auth.name', 'titles.dashboard', 'titles.crm', 'titles.cc_rms', 'nav.crm', 'notifications.who_more']);
/** Words that are spelt the same as in English in one language (German "Organisation", …). */
const SAME_IN: Record<string, string[]> = {
  de: ['nav.organisation', 'connections.organisation', 'connections.sources.online'],
  es: ['nav.general'],
  fr: ['nav.organisation', 'titles.notifications', 'shell.notifications', 'chats.message', 'connections.organisation', 'connections.tabs.invitations', 'search.organisations', 'locations.functions.port', 'locations.functions.rail'],
  ro: ['nav.general', 'connections.sources.online', 'locations.functions.port'],
};

describe('locales', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key, translated', async (locale) => {
    const first = (await import(`../locales/${locale}.json`)).default as Tree;
    const app = (await import(`../locales/${locale}/app.json`)).default as Tree;
    expect(Object.keys(first).filter((k) => k in app)).toEqual([]);
    const texts = flatten({ ...first, ...app });
    expectTranslated({ en: english, [locale]: texts } as Record<LocaleName, Record<string, string>>, locale);
    const same = new Set([...SAME_EVERYWHERE, ...(SAME_IN[locale] ?? [])]);
    const untranslated = Object.keys(english).filter((k) => !same.has(k) && texts[k] === english[k]);
    expect(untranslated.length).toBeLessThanOrEqual(1);
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
    // The screens' texts (lib/app-texts.ts, loaded by the home layout) come along with a switch.
    await import('./app-texts.ts');
    await changeLanguage('fr');
    await changeLanguage('de');
    expect(i18next.t('settings.language')).toBe('Sprache');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(antdLocaleFor('de')?.locale).toBe('de');
  });
});

describe('the user’s language', () => {
  afterAll(async () => {
    useSessionStore.getState().clear();
    await changeLanguage('en');
    localStorage.clear();
  });

  it('saves a choice made while logged in with the user (PATCH /api/user), silently', async () => {
    useSessionStore.getState().logIn(sessionUser({ locale: 'en' }));
    api.patch.mockResolvedValue(sessionUser({ locale: 'fr' }));
    await changeLanguage('fr');
    expect(api.patch).toHaveBeenCalledWith('/user', { locale: 'fr' }, { silent: true, skipAuthRedirect: true });
    await vi.waitFor(() => expect(useSessionStore.getState().user?.locale).toBe('fr'));
    api.patch.mockRejectedValue(new Error('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await changeLanguage('de');
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
    useSessionStore.getState().clear();
  });

  it('takes the user’s saved language on login, unless one was chosen in this browser', async () => {
    await changeLanguage('en');
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    const stop = followUserLanguage();
    useSessionStore.getState().logIn(sessionUser({ locale: 'ja' }));
    await vi.waitFor(() => expect(i18next.language).toBe('ja'));
    expect(document.documentElement.lang).toBe('ja');
    useSessionStore.getState().clear();

    // Chosen in this browser: the saved language is not followed.
    await changeLanguage('ro');
    expect(languageOnLogin('ja')).toBeNull();
    stop();
  });
});
