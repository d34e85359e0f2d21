import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { onFeedbackWanted } from '../lib/feedback.ts';
import { useThemeStore } from '../lib/theme-store.ts';
import { antdLocaleFor } from '../lib/i18n.ts';
import { themeConfig } from './theme.ts';

// Notices are not needed to draw a page: their code loads with the first notice asked for
// (lib/feedback.ts keeps the call until then). antd's <App> would bring Modal along too.
const FeedbackHolders = lazy(async () => ({ default: (await import('./feedback-holders.tsx')).FeedbackHolders }));

function DeferredFeedback() {
  const [ready, setReady] = useState(false);
  useEffect(() => onFeedbackWanted(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <FeedbackHolders />
    </Suspense>
  ) : null;
}

/** The system setting "reduce motion" (WCAG 2.3.3), read once when the app starts. */
const reducedMotion: boolean = typeof window !== 'undefined' && (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const mode = useThemeStore((s) => s.mode);
  // The app's own CSS (app.css) follows the scheme through <html data-theme>.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ConfigProvider componentSize="large" locale={antdLocaleFor(i18n.language)} theme={themeConfig(mode, reducedMotion)}>
      <DeferredFeedback />
      {children}
    </ConfigProvider>
  );
}
