import { useEffect, useLayoutEffect } from 'react';
import NProgress from 'nprogress';
import { useLocation } from 'react-router';

// The default template carries the invalid ARIA roles "bar" and "spinner".
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 150,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** Starts the bar when the path changes. Used once, at the root. */
export function useNavProgressStart(): void {
  const { pathname } = useLocation();
  // Layout effects run before the screen's passive effects, so a screen already loaded still
  // finishes the bar (useNavProgressDone) after it was started here.
  useLayoutEffect(() => {
    NProgress.start();
  }, [pathname]);
}

/** Finishes the bar once the screen of the new path has rendered (after its code loaded). */
export function useNavProgressDone(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    NProgress.done();
  }, [pathname]);
}
