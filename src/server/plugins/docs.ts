import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeOperations, type DescribeOptions, type OpenApiDocument } from './openapi-operations.ts';

/**
 * OpenAPI generated from the routes' zod schemas, browsable at /api/docs; each operation's id,
 * security and error answers are added in one place (openapi-operations.ts,
 * docs/architecture.md#openapi-document).
 */
export async function registerDocs(app: FastifyInstance, opts: DescribeOptions & { appUrl: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'FYN API',
        description: 'Forward Your Network — HTTP API. With the session cookie, every POST/PUT/PATCH/DELETE sends the X-XSRF-TOKEN header (GET /api/csrf-cookie); with an API key (Authorization: Bearer), neither. Failures answer `{ "error": { "code", "message", "fields"? } }`.',
        version: '0.1.0',
        // Not open source: the API is used under the FYN subscription of the caller's organisation.
        license: { name: 'Proprietary (FYN subscription)', url: opts.appUrl },
      },
      // Paths carry their /api prefix: the server is the origin the document is served from.
      servers: [{ url: '/', description: 'This FYN server' }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => describeOperations(('openapiObject' in document ? document.openapiObject : document.swaggerObject) as OpenApiDocument, opts) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
