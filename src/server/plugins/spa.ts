import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { notFound } from '../lib/errors.ts';

/**
 * Serves the built SPA: hashed assets with a year of caching, index.html (never cached) for
 * every other GET that is not under /api. Unknown /api paths answer the JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDir: string | null) {
  const hasWeb = webDir !== null && existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // .br and .gz twins written at build time (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      throw notFound(`${req.method} ${path}`);
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
