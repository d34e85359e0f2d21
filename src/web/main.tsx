// Manrope 400, 600 and 700 (the weights the interface uses; 500 falls back to 400).
import '@fontsource/manrope/400.css';
import '@fontsource/manrope/600.css';
import '@fontsource/manrope/700.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { followUserLanguage, initI18n } from './lib/i18n.ts';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { DEFAULT_GUARDS } from './app/guards.tsx';
import { routeFor } from './app/routes.tsx';
import { useSessionStore } from './lib/session-store.ts';
import { installGlobalErrorHandlers } from './lib/global-errors.ts';

installGlobalErrorHandlers();

// Fetch the first screen's code while the language loads, rather than after it.
const first = routeFor(window.location.pathname);
const toLogin = (first?.guards ?? DEFAULT_GUARDS).includes('auth') && !useSessionStore.getState().isLoggedIn;
void (toLogin ? routeFor('/auth/login') : first)?.screen.preload();

// No top-level await: every chunk that imports the entry's would wait for it, and the language's
// own chunks (antd's texts) import it: awaiting here deadlocked every language but English.
void initI18n().then(() => {
  followUserLanguage();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
});
