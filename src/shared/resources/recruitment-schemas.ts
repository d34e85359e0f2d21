import { z } from 'zod';
import { requiredText } from './fields.ts';
import { STAGE_KINDS } from '../recruitment/model.ts';

/**
 * The create body of a stage (src/shared/resources/recruitment.ts), spread into RESOURCE_SCHEMAS; apart
 * from the descriptor so that the registry of descriptors stays free of zod.
 */
export const RECRUITMENT_SCHEMAS = {
  'recruitment-stages': z.object({
    name: requiredText(60),
    position: z.number().int('whole_number').min(0, 'number_range').max(1000, 'number_range').default(0),
    kind: z.enum(STAGE_KINDS).default('active'),
  }),
};
