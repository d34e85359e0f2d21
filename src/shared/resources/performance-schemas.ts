import { z } from 'zod';
import { decimalString } from '../money/decimal-field.ts';
import { RATING_SCALE_MAX, RATING_SCALE_MIN } from '../hr/performance.ts';
import { isoDate, optionalDate, optionalText, requiredText, uuidRef } from './fields.ts';

/** The create bodies of review cycles and criteria (src/shared/resources/performance.ts), spread into RESOURCE_SCHEMAS. */
export const PERFORMANCE_SCHEMAS = {
  'review-cycles': z
    .object({
      name: requiredText(120),
      period_start: isoDate,
      period_end: isoDate,
      self_review_due: optionalDate,
      manager_review_due: optionalDate,
      rating_scale_max: z.number().int('whole_number').min(RATING_SCALE_MIN, 'number_range').max(RATING_SCALE_MAX, 'number_range').default(5),
    })
    .refine((c) => c.period_end >= c.period_start, { message: 'end_before_start', path: ['period_end'] })
    .refine((c) => !c.self_review_due || !c.manager_review_due || c.manager_review_due >= c.self_review_due, { message: 'end_before_start', path: ['manager_review_due'] }),
  'review-criteria': z.object({
    cycle_id: uuidRef,
    name: requiredText(120),
    description: optionalText(500),
    weight: decimalString({ min: '0', aboveMin: true, max: '100', places: 2 }),
    position: z.number().int('whole_number').min(0, 'number_range').max(1000, 'number_range').default(0),
  }),
};
