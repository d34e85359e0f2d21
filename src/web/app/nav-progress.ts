import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The bar is for moving between screens: the first page's load has the browser's own indicator,
 * so nprogress loads with the first move and stays off the first page's download.
 */
let bar: Promise<typeof import('nprogress')> | null = null;
function loadBar() {
  bar ??= import('nprogress').then(({ default: NProgress }) => {
    // The default template carries the invalid ARIA roles "bar" and "spinner".
    NProgress.configure({
      showSpinner: false,
      trickleSpeed: 150,
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    return NProgress;
  });
  return bar;
}

/** Starts the bar when the path changes. Used once, at the root. */
export function useNavProgressStart(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // Layout effects run before the screen's passive effects, so a screen already loaded still
  // finishes the bar (useNavProgressDone) after it was started here.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void loadBar().then((NProgress) => NProgress.start());
  }, [pathname]);
}

/** Finishes the bar once the screen of the new path has rendered (after its code loaded). */
export function useNavProgressDone(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // Only a bar that was started (loaded) needs finishing; one promise keeps start before done.
    void bar?.then((NProgress) => NProgress.done());
  }, [pathname]);
}
