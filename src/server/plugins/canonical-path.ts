import { AppError } from '../lib/errors.ts';

/**
 * Refuses an API request whose path is not written the one way the API writes it
 * (docs/architecture.md#canonical-paths). The router decodes what it matches (`/%61pi/user` is
 * `/api/user` to it), so a check on the raw URL and the route taken could disagree; rather than
 * teach every check every spelling, a path that could mean an API route is taken only in its
 * canonical form:
 * - it starts with `/api/` exactly (no `/API/`, no `/%61pi/`);
 * - no empty segment (`//`, a trailing `/`), no `.` or `..` segment, plain or encoded;
 * - a percent escape only where the character needs one: never for a letter, digit or `-._~`
 *   (RFC 3986's unreserved characters), never `%2F` (a slash inside a segment), and with
 *   upper-case hex digits, as `encodeURIComponent` writes them.
 * Everything else is 400 `non_canonical_path`, before any other hook (CSRF, rate limit, access).
 */
export const nonCanonicalPath = () =>
  new AppError(400, 'non_canonical_path', 'The address is not written in its canonical form: use the path exactly as documented, without encoded letters, slashes or dot segments.');

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** The reason a raw /api path (no query) is not canonical, or null when it is. */
export function nonCanonicalReason(path: string): string | null {
  if (!path.startsWith('/api/')) return 'does not start with /api/';
  const segments = path.slice(1).split('/');
  for (const segment of segments) {
    if (segment === '') return 'empty segment';
    let decoded = '';
    for (let i = 0; i < segment.length; i++) {
      const ch = segment[i];
      if (ch !== '%') {
        decoded += ch;
        continue;
      }
      const hex = segment.slice(i + 1, i + 3);
      if (!/^[0-9A-F]{2}$/.test(hex)) return /^[0-9a-fA-F]{2}$/.test(hex) ? 'lower-case percent escape' : 'broken percent escape';
      const char = String.fromCharCode(parseInt(hex, 16));
      if (UNRESERVED.test(char)) return 'percent-encoded unreserved character';
      if (char === '/') return 'percent-encoded slash';
      decoded += char;
      i += 2;
    }
    if (decoded === '.' || decoded === '..') return 'dot segment';
  }
  return null;
}

/** Whether a path that does not start with `/api/` could still reach the API once decoded or normalised. */
function disguisedApi(path: string): boolean {
  // Decoded until it stays the same (`%2561` is `%61` is `a` to a chain of lenient decoders).
  let p = path;
  for (let i = 0; i < 4; i++) {
    let next = p;
    try {
      next = decodeURIComponent(p);
    } catch {
      // A broken escape decodes no further: judge what is there.
    }
    if (next === p) break;
    p = next;
  }
  // Backslashes, repeated slashes and dot segments, as a lenient router or proxy would read them.
  p = p.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  const out: string[] = [];
  for (const s of p.split('/')) {
    if (s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  const normal = out.join('/').toLowerCase();
  return normal === '/api' || normal.startsWith('/api/');
}

/**
 * The refusal for a request's URL, or undefined: a path that starts with `/api/` and has no `%`,
 * `//`, `/.` or trailing `/` is canonical without further work (the common case costs a few
 * `indexOf`s). Called by the app's one hook ahead of every route (src/server/app.ts).
 */
export function canonicalPathError(url: string): AppError | undefined {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path.startsWith('/api/')) {
    if (path.indexOf('%') < 0 && path.indexOf('//') < 0 && path.indexOf('/.') < 0 && !path.endsWith('/')) return undefined;
    // Swagger UI's own pages and assets (/api/docs/…) are not operations.
    if (path === '/api/docs/' || path.startsWith('/api/docs/static/')) return undefined;
    return nonCanonicalReason(path) ? nonCanonicalPath() : undefined;
  }
  // Any other path (the web app's pages and assets): only one that could be an API path in disguise is looked at.
  if (path.indexOf('%') < 0 && path.indexOf('//') < 0 && path.indexOf('\\') < 0 && path.indexOf('/.') < 0 && !/^\/api(\/|$)/i.test(path)) return undefined;
  return disguisedApi(path) ? nonCanonicalPath() : undefined;
}
