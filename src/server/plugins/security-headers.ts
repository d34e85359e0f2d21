import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** Paths under /api that are pages for a browser to render (Swagger UI), not data. */
const DOCS = '/api/docs';

/**
 * The security headers, built once at start: the function sets them on an answer (the app's one
 * hook ahead of every route calls it, src/server/app.ts).
 *
 * - Pages (the SPA's index.html, assets, Swagger UI): helmet's full set with the app's
 *   Content-Security-Policy ('self' only; Stripe's script, frames and API only when Stripe is
 *   configured).
 * - API answers (JSON, files, event streams) are never rendered as a page, so a page's policy says
 *   nothing for them; they get the short set OWASP's REST cheat sheet names: nothing may load or
 *   frame them (`default-src 'none'; frame-ancestors 'none'`, X-Frame-Options DENY), no sniffing,
 *   no cross-site reads, no referrer, HSTS behind HTTPS. Five headers instead of eleven: on a small
 *   answer they were most of the bytes, and setting them one by one was the costliest step of a
 *   request (docs/architecture.md#request-flow).
 */
export function securityHeaders(config: Config, { probes = [] }: { probes?: readonly string[] } = {}) {
  const https = config.appUrl.startsWith('https://');
  const stripeJs = config.stripe ? ['https://js.stripe.com'] : [];
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeJs],
        // antd writes its component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        ...(config.stripe ? { frameSrc: [...stripeJs, 'https://hooks.stripe.com'] } : {}),
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  // A balancer's liveness and readiness probes answer a constant JSON that no browser renders and
  // that holds nothing to protect: none of the five headers applies, and on the hottest path they
  // were a tenth of each request's cost (bench "shipped").
  const bare = new Set(probes);
  return (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const url = req.url;
    if (bare.has(url)) return done();
    if (url.startsWith('/api/') && !(url.startsWith(DOCS) && (url.length === DOCS.length || url[DOCS.length] === '/' || url[DOCS.length] === '?'))) {
      reply.headers(apiHeaders);
      done();
    } else pageHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  };
}

/**
 * Answers of the public links (`/api/public/*`: a quotation, a tracking page, a job opening, reached
 * by a token or slug in the address) are never kept by a browser or a shared cache: they may show
 * a client's prices or a shipment's whereabouts to whoever holds the link now. Set per route (the
 * routes are known when they are registered), so that no other request pays for it.
 */
export function registerPublicNoStore(app: FastifyInstance) {
  const noStore = (_req: unknown, reply: { header(k: string, v: string): unknown }, done: () => void) => {
    reply.header('cache-control', 'no-store');
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/public/')) return;
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [noStore as never, ...own];
  });
}
