import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationMessage } from '#shared/api/messages.ts';
import { AppError } from '../lib/errors.ts';

const INTERNAL = 'Internal Server Error. Please try again later.';

/** Every failure leaves as the JSON error shape of docs/architecture.md#errors; stack traces stay in the log. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.status)
        .send({ error: { code: err.code, message: err.message, ...(err.fields && { fields: err.fields }), ...err.extra } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const path = String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[path] ??= validationMessage(String(v.message ?? 'invalid'));
      }
      const where = err.validationContext === 'body' ? 'The request' : `The ${err.validationContext}`;
      return reply.status(422).send({ error: { code: 'validation_failed', message: `${where} has invalid fields.`, fields } });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'too_many_requests', message: 'Too many requests. Try again later.' } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large …
      const code = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_media_type'
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'payload_too_large'
        : status === 404 ? 'not_found' : 'malformed_request';
      return reply.status(status).send({ error: { code, message: err.message } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal_error', message: INTERNAL } });
  });
}
