import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineAiJobs } from './credits.ts';
import { registerAiCreditRoutes } from './routes.ts';
import { registerQuoteDraftRoutes } from './quote-drafts.ts';
import { registerShipmentAssistantRoutes } from './shipment-assistant.ts';

/** The AI credits and the features that spend them (docs/architecture.md#ai). */
export function registerAiRoutes(app: FastifyInstance, ctx: AppContext) {
  defineAiJobs(ctx);
  registerAiCreditRoutes(app, ctx);
  registerQuoteDraftRoutes(app, ctx);
  registerShipmentAssistantRoutes(app, ctx);
}
