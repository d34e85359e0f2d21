import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { builderCountryQuery, locationSchema, locationSearchQuery, subdivisionSchema, townQuery, townSchema, type Location, type LocationFunction } from '#shared/api/locations.ts';
import { normaliseSearch } from '#shared/text.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../auth/session.ts';
import { escapeLike } from '../../lib/sql-text.ts';


/**
 * The reference data changes only when it is imported, at start, before the server listens: its
 * answers are kept in memory (the most asked ones, within a bound), so a repeated search or list
 * does not reach the database again.
 */
function remembered<T extends object>(max: number) {
  const cache = new LRUCache<string, T>({ max });
  return async (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit) return hit;
    const value = await load();
    cache.set(key, value);
    return value;
  };
}

type LocationRow = Omit<Location, 'unece' | 'functions'> & { functions: LocationFunction[]; trade_functions: LocationFunction[] | null; trade_name: string | null; port_code: string | null };

/**
 * A place as the search shows it. A trade code (data/unlocode/trade-usage.csv) carries the name
 * and functions carriers use it for, with UNECE's own record beside them; searched for an airport,
 * an airport keeps UNECE's name ("Shanghai Hongqiao International Apt"), as documents of an air
 * shipment print it (quotes/service.ts placeNames).
 */
export function presentLocation(l: LocationRow, fn?: string): Location {
  const { trade_functions: tradeFunctions, trade_name: tradeName, port_code: port, ...rest } = l;
  if (!tradeName) return { ...rest, unece: null };
  const own = fn === 'airport' && l.functions.includes('airport');
  return {
    ...rest,
    name: own ? l.name : tradeName,
    functions: [...new Set([...(tradeFunctions ?? []), ...l.functions])],
    unece: { name: l.name, functions: l.functions, port },
  };
}

/**
 * The location search: exact code first, then names starting with the text, then names containing
 * it; accents and case ignored; a trade code before UNECE's own entries when it serves the function
 * asked for. The trigram index serves "contains", the text_pattern_ops index the prefix. The route
 * below and the AI's built-in engine (modules/ai) use it.
 */
export async function searchLocations(database: Database, input: { q: string; fn?: string; country?: string; limit: number }): Promise<Location[]> {
  const { q, fn, country, limit } = input;
  const text = normaliseSearch(q);
  const code = q.replace(/\s+/g, '').toUpperCase();
  // Two index probes (primary key, trigram) instead of one OR, which the planner serves worse.
  const found = await database.query<LocationRow>(
    `select code, name, country, subdivision, functions, trade_functions, trade_name, port_code, lat, lon, coordinates, coordinates_flag from (
       select l.*, 0 as rank from locations l where code = $1
       union all
       select l.*, case when search_name like $2 escape '\\' then 1 else 2 end
         from locations l where search_name like $3 escape '\\' and code <> $1
     ) x
     where ($4::text is null or $4 = any(functions) or $4 = any(trade_functions)) and ($5::text is null or country = $5)
     order by rank, (trade_name is not null and ($4::text is null or $4 = any(trade_functions))) desc, (search_name = $7) desc,
              cardinality(functions) desc, length(name), name, code
     limit $6`,
    [code, escapeLike(text) + '%', '%' + escapeLike(text) + '%', fn ?? null, country ?? null, limit, text],
  );
  return found.map((l) => presentLocation(l, fn));
}

export function registerLocationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { database } = ctx;
  const searches = remembered<Location[]>(2000);
  const lists = remembered<object[]>(1000);
  app.withTypeProvider<ZodTypeProvider>().get('/api/locations/search', {
    config: { access: 'user' },
    schema: {
      tags: ['reference data'],
      summary: 'Search UN/LOCODE locations by code or name',
      querystring: locationSearchQuery,
      response: { 200: envelope(z.array(locationSchema)) },
    },
  }, async (req) => {
    await requireUser(ctx, req);
    const { q, function: fn, country, limit } = req.query;
    const rows = await searches(JSON.stringify([normaliseSearch(q), q.replace(/\s+/g, '').toUpperCase(), fn, country, limit]), () => searchLocations(database, { q, fn, country, limit }));
    return { data: rows };
  });

  // Address builder lists from the shipped reference data (docs/product.md#address-builder: countries, state-provinces,
  // towns and cities, counties, UN location codes — the last is the search above).
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reference data'];
  api.get('/api/address-builder/countries', {
    config: { access: 'user' },
    schema: { tags, summary: 'Countries that have UN/LOCODE places (ISO 3166-1 alpha-2)', response: { 200: envelope(z.array(z.object({ code: z.string(), places: z.number() }))) } },
  }, async (req) => {
    await requireUser(ctx, req);
    const rows = await lists('countries', async () =>
      (await database.query<{ code: string; places: number }>('select country as code, count(*)::int as places from locations group by country order by country')).map((r) => ({ code: r.code, places: Number(r.places) })),
    );
    return { data: rows as { code: string; places: number }[] };
  });
  api.get('/api/address-builder/subdivisions', {
    config: { access: 'user' },
    schema: { tags, summary: 'States, provinces, counties and regions of a country (ISO 3166-2)', querystring: builderCountryQuery, response: { 200: envelope(z.array(subdivisionSchema)) } },
  }, async (req) => {
    await requireUser(ctx, req);
    const country = req.query.country;
    const rows = await lists(`subdivisions:${country}`, () => database.query<{ code: string; name: string; type: string | null }>('select code, name, type from subdivisions where country = $1 order by name', [country]));
    return { data: rows as { code: string; name: string; type: string | null }[] };
  });
  api.get('/api/address-builder/towns', {
    config: { access: 'user' },
    schema: { tags, summary: 'Towns and cities of a country (optionally of one subdivision), by name prefix', querystring: townQuery, response: { 200: envelope(z.array(townSchema)) } },
  }, async (req) => {
    await requireUser(ctx, req);
    const { country, subdivision, q, limit } = req.query;
    const text = q ? normaliseSearch(q) : '';
    const rows = await lists(JSON.stringify(['towns', country, subdivision, text, limit]), () => database.query<{ name: string; code: string; subdivision: string | null }>(
      `select name, code, subdivision from locations
        where country = $1 and ($2::text is null or subdivision = $2) and ($3 = '' or search_name like $4 escape '\\')
        order by (search_name = $3) desc, name limit $5`,
      [country, subdivision ?? null, text, escapeLike(text) + '%', limit],
    ));
    return { data: rows as { name: string; code: string; subdivision: string | null }[] };
  });
}
