import type { FastifyInstance } from 'fastify';
import { validationMessage } from '#shared/api/messages.ts';
import { AppError } from '../lib/errors.ts';

/**
 * PostgreSQL cannot store the NUL character (U+0000) in text: a value holding one would fail in
 * the database (a 500, or an export cut off mid-stream). Every JSON body, query string and path
 * parameter is checked once here, before validation, and such a request is a 422 naming the field.
 * (Webhook bodies stay raw bytes: their signature is checked on exactly what was sent.)
 */
export function registerTextInput(app: FastifyInstance) {
  // preValidation, after the access check: an anonymous caller hears 401 whatever their input.
  app.addHook('preValidation', (req, _reply, done) => {
    const where = nulAt(req.params, '') ?? nulAt(req.query, '') ?? (Buffer.isBuffer(req.body) ? null : nulAt(req.body, ''));
    done(where === null ? undefined : refused(where));
  });
}

/** The path of the first string holding U+0000 ("" for the value itself), or null. */
function nulAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulAt(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : '_';
      const found = nulAt(v, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

const refused = (where: string) =>
  new AppError(422, 'validation_failed', 'The request has invalid fields.', { [where || '_']: validationMessage('text_control_character') });
