import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { DashboardScreen } from '../features/dashboard/dashboard-screen.tsx';

// The feed is its own chunk: the dashboard's widgets do not wait for it (features composed here).
const NewsFeed = lazy(async () => ({ default: (await import('../features/feed/news-feed.tsx')).NewsFeed }));

/** The dashboard with the news feed below its widgets. */
export function DashboardHome() {
  return (
    <DashboardScreen
      below={
        <Suspense fallback={<Skeleton active avatar />}>
          <NewsFeed />
        </Suspense>
      }
    />
  );
}
