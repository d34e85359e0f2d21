import { createContext, useContext } from 'react';
import type { AppRoute } from './routes.tsx';

/** The route table entry of the page being shown. */
export const RouteContext = createContext<AppRoute | null>(null);

export function useCurrentRoute(): AppRoute | null {
  return useContext(RouteContext);
}
