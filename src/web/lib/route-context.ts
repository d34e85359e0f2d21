import { createContext, useContext } from 'react';

/** What a screen may know of the route it is shown on (the full route table lives in the app). */
export interface CurrentRoute {
  path: string;
  /** i18n key of the screen title. */
  titleKey: string;
}

/** The route table entry of the page being shown. */
export const RouteContext = createContext<CurrentRoute | null>(null);

export function useCurrentRoute(): CurrentRoute | null {
  return useContext(RouteContext);
}
