export interface NavigateOptions {
  replace?: boolean;
}
export type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

/** The router registers itself here so that code outside React (the API client) can navigate. */
export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigator(to, options);
}

/**
 * `path` when it is a page of this app (one leading slash, so never another site) outside
 * `excluded`, else null: where to go back to after a login or a step elsewhere.
 */
export function appPath(path: string | null | undefined, excluded: string): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith(excluded) ? path : null;
}
