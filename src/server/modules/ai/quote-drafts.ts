import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { apiErrorSchema } from '#shared/api/errors.ts';
import { z } from 'zod';
import { aiCargoSchema, aiEquipmentSchema, aiQuoteDraftAnswer, aiQuoteDraftBody, QUOTE_DRAFT_FIELDS, type AiQuoteDraft, type QuoteDraftField } from '#shared/api/ai.ts';
import { INCOTERMS_2020, ISO_SIZE_TYPE, QUOTE_MODES } from '#shared/quotes/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { requirePermission } from '../organisations/membership.ts';
import { extractEnquiry, hintsOf, type ClientLookup, type Extraction, type PlaceLookup } from './builtin/enquiry.ts';
import { placeLookup } from './builtin/evaluate.ts';
import { meteredCall } from './metered-call.ts';
import { askProvider, groundedClaims } from './provider.ts';
import { callerOf } from './routes.ts';

/**
 * The client of an enquiry among the organisation's CRM records: a contact with the sender's
 * e-mail address, a company whose e-mail or website has the sender's domain, else a company whose
 * name the text contains (the longest). Free mail domains say nothing of the company. Unmatched, the
 * sender's name is offered without a record, for the person to choose.
 */
export const clientLookup = (database: Database, organisationId: string): ClientLookup => async ({ domains, text, names }) => {
  const db = database.db;
  const emails = [...text.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)].map((m) => m[0].toLowerCase());
  for (const email of emails) {
    const [row] = await rowsOf<{ id: string; name: string; email: string | null }>(db, sql`
      select n.id, n.name, c.email from native_contacts c join native_organisations n on n.organisation_id = c.organisation_id and n.id = c.native_organisation_id
       where c.organisation_id = ${organisationId} and lower(c.email) = ${email} limit 1`);
    if (row) return { type: 'native_organisation', id: row.id, name: row.name, email: row.email };
  }
  for (const domain of domains) {
    const [row] = await rowsOf<{ id: string; name: string; email: string | null }>(db, sql`
      select id, name, email from native_organisations
       where organisation_id = ${organisationId} and (lower(email) like ${`%@${domain}`} or lower(website) ~ ${`^(https?://)?(www\\.)?${domain.replace(/[.]/g, '\\.')}(/|$)`})
       order by name limit 1`);
    if (row) return { type: 'native_organisation', id: row.id, name: row.name, email: emails.find((e) => e.endsWith(`@${domain}`)) ?? row.email };
  }
  const [named] = await rowsOf<{ id: string; name: string; email: string | null }>(db, sql`
    select id, name, email from native_organisations
     where organisation_id = ${organisationId} and length(name) >= 4 and position(lower(name) in ${text.toLowerCase()}) > 0
     order by length(name) desc limit 1`);
  if (named) return { type: 'native_organisation', id: named.id, name: named.name, email: named.email };
  return names[0] ? { type: null, id: null, name: names[0], email: emails[0] ?? null } : null;
};

/**
 * What the provider is asked for: the enquiry's words, which the server then resolves (places by
 * the location search, the client in the CRM). Only keywords every strict structured-output
 * service takes (patterns, enums, number and list bounds; no string lengths).
 */
const decimal = z.string().regex(/^\d{1,12}(\.\d{1,3})?$/, 'a decimal number with a dot, at most three decimals');
const perField = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(QUOTE_DRAFT_FIELDS.map((f) => [f, value.nullable()])) as Record<QuoteDraftField, z.ZodNullable<T>>);
export const providerEnquirySchema = z.object({
  client_name: z.string().nullable(),
  mode: z.enum(QUOTE_MODES).nullable(),
  origin: z.string().nullable(),
  origin_country: z.string().regex(/^[A-Z]{2}$/).nullable(),
  destination: z.string().nullable(),
  destination_country: z.string().regex(/^[A-Z]{2}$/).nullable(),
  incoterm: z.enum(INCOTERMS_2020).nullable(),
  cargo: z.array(aiCargoSchema.extend({
    length_cm: decimal.nullable(), width_cm: decimal.nullable(), height_cm: decimal.nullable(), weight_kg: decimal.nullable(), gross_weight_kg: decimal.nullable(), volume_cbm: decimal.nullable(),
  })).max(50),
  equipment: z.array(aiEquipmentSchema.extend({ iso_type: z.string().regex(ISO_SIZE_TYPE), count: z.number().int().min(1).max(999) })).max(20),
  ready_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  commodity: z.string().nullable(),
  notes: z.string().nullable(),
  confidence: perField(z.number().min(0).max(1)),
  evidence: perField(z.string()),
  warnings: z.array(z.string()).max(20),
});
export type ProviderEnquiry = z.infer<typeof providerEnquirySchema>;

export const ENQUIRY_SYSTEM_PROMPT = `You read a freight forwarder's enquiry e-mail (any language) into the fields of a quote request.
- mode: sea_fcl (containers), sea_lcl (loose sea cargo), air, road_ftl, road_ltl or rail.
- origin and destination: the place names as written (a port, airport or town), with their ISO 3166 country code when the text makes it clear.
- incoterm: an Incoterms 2020 rule the text names.
- cargo: one line per kind of package: count, type, dimensions in cm, weight in kg (per package and gross for the line), volume in cbm, as decimal strings with a dot; convert lb, t, in, mm and m.
- equipment: containers as ISO 6346 size-type codes (22G1 20' standard, 42G1 40' standard, 45G1 40' high cube, L5G1 45' high cube, 22R1/45R1 reefer, 22U1/42U1 open top, 22P1/42P1 flat rack) with their count.
- ready_date: the date the cargo is ready, as YYYY-MM-DD.
- confidence: for each field you filled, how sure you are (0 to 1); evidence: the exact words of the text it came from.`;

/** A provider's reading made into a draft: places and client resolved here, evidence kept only where the text has it. */
export async function draftOfProvider(answer: ProviderEnquiry, text: string, lookups: { place: PlaceLookup; client: ClientLookup }): Promise<Extraction> {
  const warnings = [...answer.warnings];
  const fn = answer.mode === 'air' ? 'airport' : answer.mode === 'sea_fcl' || answer.mode === 'sea_lcl' ? 'port' : null;
  const resolve = async (name: string | null, country: string | null) => {
    if (!name) return null;
    const hit = (await lookups.place(name, fn, country ?? undefined)) ?? (await lookups.place(name, null, country ?? undefined));
    if (!hit) warnings.push(`“${name}” was not found among the known places: choose it by hand.`);
    return hit ? { code: hit.code, name: hit.name, country: hit.country, text: name } : null;
  };
  const hints = hintsOf(text);
  const client = await lookups.client({ domains: hints.domains, text, names: [answer.client_name, ...hints.names].filter((n): n is string => Boolean(n)) });
  const fields: Extraction['fields'] = {
    client, mode: answer.mode, origin: await resolve(answer.origin, answer.origin_country), destination: await resolve(answer.destination, answer.destination_country),
    incoterm: answer.incoterm, cargo: answer.cargo, equipment: answer.equipment.map((e) => ({ ...e, iso_type: e.iso_type.toUpperCase() })),
    ready_date: answer.ready_date, commodity: answer.commodity, notes: answer.notes,
  };
  const { confidence, evidence } = groundedClaims(text, fields, QUOTE_DRAFT_FIELDS, answer);
  return { fields, confidence, evidence, warnings };
}

export function registerQuoteDraftRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/api/ai/quote-drafts', {
    config: { access: 'quotes.create' },
    schema: {
      tags: ['ai'],
      summary: 'Read an enquiry (pasted text or an .eml/.txt file’s text) into the fields of a quote, each with its confidence and the words it came from, by the built-in engine or the configured AI provider (the answer says which); nothing is sent, nothing is saved as a quote',
      body: aiQuoteDraftBody,
      response: { 201: aiQuoteDraftAnswer, 200: aiQuoteDraftAnswer, 402: apiErrorSchema, 502: apiErrorSchema, 504: apiErrorSchema },
    },
  }, async (req, reply) => {
    const c = await callerOf(ctx, req);
    requirePermission(c.member!, 'quotes.create');
    const text = req.body.text;
    const lookups = { place: placeLookup(ctx.database), client: clientLookup(ctx.database, c.member!.organisation.id) };
    const done = await meteredCall<AiQuoteDraft>(ctx, c, {
      feature: 'quote_draft',
      requestId: req.body.request_id ?? uuidv7(),
      run: async ({ id, engine }) => {
        if (engine.kind === 'builtin') {
          const x = await extractEnquiry(text, { now: new Date(), ...lookups });
          return { output: { id, engine, ...x } as AiQuoteDraft };
        }
        const answer = await askProvider(ctx.config.ai!, { feature: 'quote_draft', schema: providerEnquirySchema, system: ENQUIRY_SYSTEM_PROMPT, text });
        const x = await draftOfProvider(answer.value, text, lookups);
        return { output: { id, engine: { ...engine, model: answer.model }, ...x } as AiQuoteDraft, tokensIn: answer.tokensIn, tokensOut: answer.tokensOut, model: answer.model };
      },
    });
    return reply.status(done.replayed ? 200 : 201).send({ data: done.output, credits_used: done.credits });
  });
}
