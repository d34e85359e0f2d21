import { afterEach, vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import enApp from '../locales/en/app.json';

// Tests of plain logic say `// @vitest-environment node`: no DOM to set up (the DOM is the costly
// part of a test file's start).
const hasDom = typeof window !== 'undefined';

if (hasDom) {
  // antd reads media queries and sizes that a test DOM may not implement.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver });
  }
  // A test DOM need not implement pseudo-element styles; antd asks for them (scrollbar size).
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);

  const { cleanup, configure } = await import('@testing-library/react');
  const { queryClient } = await import('../lib/query-client.ts');
  const { resetFeedback } = await import('../lib/feedback.ts');
  // Tests wait for states (findBy*, waitFor), never for time. The limit is only how long a state
  // may take to appear before the test fails: generous, so that a loaded machine slows a test
  // down instead of failing it.
  configure({ asyncUtilTimeout: 10_000 });

  afterEach(() => {
    resetFeedback();
    cleanup();
    queryClient.clear();
    localStorage.clear();
    document.cookie.split(';').forEach((c) => {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    });
  });
}

// English, loaded at once: tests do not wait for the on-demand bundles.
await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: { ...en, ...enApp } } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
