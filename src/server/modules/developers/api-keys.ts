import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { apiKeyCreateBody, apiKeyRollBody, apiKeySchema, apiKeyWithSecretSchema, type ApiKey } from '#shared/api/developers.ts';
import { ungrantable } from '#shared/resources/permissions.ts';
import type { AppContext } from '../../context.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireMember } from '../organisations/membership.ts';
import { hashApiKey } from './key-auth.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 40 base62 characters: about 238 bits. */
const KEY_LENGTH = 40;
const PREFIX_SHOWN = 4;

/** A new key: `fyn_live_` (developer mode: `fyn_test_`) and 40 random base62 characters (randomInt draws without bias). */
export function newApiKey(devMode: boolean): { key: string; prefix: string; hash: string } {
  let body = '';
  for (let i = 0; i < KEY_LENGTH; i++) body += BASE62[randomInt(BASE62.length)];
  const key = `${devMode ? 'fyn_test_' : 'fyn_live_'}${body}`;
  return { key, prefix: key.slice(0, 9 + PREFIX_SHOWN), hash: hashApiKey(key) };
}

type Row = typeof apiKeys.$inferSelect;
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
export const presentApiKey = (r: Row): ApiKey => ({
  id: r.id, name: r.name, prefix: r.prefix, scopes: r.scopes, expires_at: iso(r.expires_at), created_at: iso(r.created_at)!, created_by: r.created_by,
  last_used_at: iso(r.last_used_at), last_used_ip: r.last_used_ip,
  previous_valid_until: r.previous_valid_until && new Date(r.previous_valid_until).getTime() > Date.now() ? iso(r.previous_valid_until) : null,
});

const idParam = z.object({ id: z.uuid() });

/**
 * API keys (docs/architecture.md#api-keys): made, listed, rolled and revoked by people in their
 * own session (`personOnly`: a key does not make keys). A key's secret is in the answer that made
 * it and nowhere else; its scopes are permissions its creator holds (409 permission_escalation).
 */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['developers'];

  const live = (orgId: string, id: string) => and(eq(apiKeys.organisation_id, orgId), eq(apiKeys.id, id), isNull(apiKeys.revoked_at));

  api.get('/api/api-keys', {
    config: { access: 'developers.view', personOnly: true },
    schema: { tags, summary: 'The organisation’s API keys, newest first (never the keys themselves)', response: { 200: envelope(z.array(apiKeySchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const rows = await db.select().from(apiKeys).where(and(eq(apiKeys.organisation_id, m.organisation.id), isNull(apiKeys.revoked_at))).orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
    return { data: rows.map(presentApiKey) };
  });

  api.post('/api/api-keys', {
    config: { access: 'developers.create', personOnly: true },
    schema: {
      tags, summary: 'Make an API key (the key is in this answer only; scopes: permissions you hold, else 409 permission_escalation)',
      body: apiKeyCreateBody, response: { 201: envelope(apiKeyWithSecretSchema) },
    },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const scopes = [...new Set(req.body.scopes)].sort();
    const missing = ungrantable(m.permissions, scopes);
    if (missing.length) {
      throw new AppError(409, 'permission_escalation', `A key can only have permissions you hold yourself (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}).`, undefined, undefined, { permissions: missing });
    }
    if (req.body.expires_at && new Date(req.body.expires_at).getTime() <= Date.now()) {
      throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { expires_at: 'Choose a time in the future.' });
    }
    const made = newApiKey(ctx.config.devMode);
    const id = uuidv7();
    const row = await db.transaction(async (tx) => {
      const [r] = await tx.insert(apiKeys).values({
        organisation_id: m.organisation.id, id, name: req.body.name, prefix: made.prefix, key_hash: made.hash, scopes,
        expires_at: req.body.expires_at ? new Date(req.body.expires_at) : null, created_by: m.user.id,
      }).returning();
      await audit(tx, m.organisation.id, m.user.id, 'api_keys', 'create', id, { name: req.body.name, scopes, expires_at: req.body.expires_at ?? null });
      return r;
    });
    return reply.status(201).send({ data: { ...presentApiKey(row), key: made.key } });
  });

  api.post('/api/api-keys/:id/roll', {
    config: { access: 'developers.update', personOnly: true },
    schema: {
      tags, summary: 'Replace a key’s secret: the new key is in this answer only; the old one works until grace_hours have passed (0: stops now)',
      params: idParam, body: apiKeyRollBody, response: { 200: envelope(apiKeyWithSecretSchema) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const made = newApiKey(ctx.config.devMode);
    const graceMs = req.body.grace_hours * 3_600_000;
    const row = await db.transaction(async (tx) => {
      const [r] = await tx.update(apiKeys).set({
        prefix: made.prefix, key_hash: made.hash,
        previous_key_hash: graceMs > 0 ? sql`${apiKeys.key_hash}` : null,
        previous_valid_until: graceMs > 0 ? new Date(Date.now() + graceMs) : null,
        updated_at: new Date(),
      }).where(live(m.organisation.id, req.params.id)).returning();
      if (!r) throw notFound('The API key');
      await audit(tx, m.organisation.id, m.user.id, 'api_keys', 'roll', r.id, { grace_hours: req.body.grace_hours });
      return r;
    });
    return { data: { ...presentApiKey(row), key: made.key } };
  });

  api.delete('/api/api-keys/:id', {
    config: { access: 'developers.delete', personOnly: true },
    schema: { tags, summary: 'Revoke a key: refused at once on every node (401)', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    await db.transaction(async (tx) => {
      const [r] = await tx.update(apiKeys).set({ revoked_at: new Date(), previous_key_hash: null, previous_valid_until: null, updated_at: new Date() })
        .where(live(m.organisation.id, req.params.id)).returning({ id: apiKeys.id, name: apiKeys.name });
      if (!r) throw notFound('The API key');
      await audit(tx, m.organisation.id, m.user.id, 'api_keys', 'revoke', r.id, { name: r.name });
    });
    return reply.status(204).send(null);
  });
}
