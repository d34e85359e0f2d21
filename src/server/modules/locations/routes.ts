import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { locationSchema, locationSearchQuery, type Location } from '#shared/api/locations.ts';
import { normaliseSearch } from '#shared/text.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../auth/session.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/**
 * Exact code first, then names starting with the text, then names containing it; accents and
 * case ignored. The trigram index serves "contains", the text_pattern_ops index the prefix.
 */
export function registerLocationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { database } = ctx;
  app.withTypeProvider<ZodTypeProvider>().get('/api/locations/search', {
    schema: {
      tags: ['reference data'],
      summary: 'Search UN/LOCODE locations by code or name',
      querystring: locationSearchQuery,
      response: { 200: envelope(z.array(locationSchema)) },
    },
  }, async (req) => {
    await requireUser(ctx, req);
    const { q, function: fn, country, limit } = req.query;
    const text = normaliseSearch(q);
    const code = q.replace(/\s+/g, '').toUpperCase();
    // Two index probes (primary key, trigram) instead of one OR, which the planner serves worse.
    const rows = await database.query<Location & { rank: number }>(
      `select code, name, country, subdivision, functions, lat, lon, rank from (
         select l.*, 0 as rank from locations l where code = $1
         union all
         select l.*, case when search_name like $2 escape '\\' then 1 else 2 end
           from locations l where search_name like $3 escape '\\' and code <> $1
       ) x
       where ($4::text is null or $4 = any(functions)) and ($5::text is null or country = $5)
       order by rank, (search_name = $7) desc, cardinality(functions) desc, length(name), name, code
       limit $6`,
      [code, escapeLike(text) + '%', '%' + escapeLike(text) + '%', fn ?? null, country ?? null, limit, text],
    );
    return { data: rows.map(({ rank: _rank, ...l }) => l) };
  });
}
