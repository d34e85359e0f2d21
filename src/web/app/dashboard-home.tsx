import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PageLoader } from '../components/page-loader.tsx';
import { DashboardScreen } from '../features/dashboard/dashboard-screen.tsx';

// The feed is its own chunk: the dashboard's widgets do not wait for it (features composed here).
const NewsFeed = lazy(async () => ({ default: (await import('../features/feed/news-feed.tsx')).NewsFeed }));

/** How far below the window the feed starts loading (a spinner shows while it does). */
const FEED_MARGIN = '0px';

/**
 * The news feed once its place comes near the window. It sits below the widgets, out of sight on
 * most screens when the dashboard opens, and with its composer, cards, pictures and comments it
 * weighed about as much as the widgets (~70 kB gzip, 25 files): the dashboard's first load
 * fetches it only where it shows.
 */
function FeedWhenNear() {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: `0px 0px ${FEED_MARGIN} 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? (
    <Suspense fallback={<PageLoader />}>
      <NewsFeed />
    </Suspense>
  ) : (
    <div ref={anchor} className="fyn-feed-anchor" />
  );
}

/** The dashboard with the news feed below its widgets. */
export function DashboardHome() {
  return <DashboardScreen below={<FeedWhenNear />} />;
}
