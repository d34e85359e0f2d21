import { defineResource } from './descriptor.ts';

/**
 * Review cycles (issue 13, item 5): the period reviewed, when the self and manager reviews are due
 * and the rating scale. Their status moves only through open and close (src/shared/hr/performance.ts).
 */
export const reviewCycles = defineResource({
  name: 'review-cycles',
  titleKey: 'resources.review_cycles.title',
  permissionModule: 'hr',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'period_start', kind: 'date', labelKey: 'resources.review_cycles.period_start', required: true },
    { name: 'period_end', kind: 'date', labelKey: 'resources.review_cycles.period_end', required: true },
    { name: 'self_review_due', kind: 'date', labelKey: 'resources.review_cycles.self_review_due' },
    { name: 'manager_review_due', kind: 'date', labelKey: 'resources.review_cycles.manager_review_due' },
    { name: 'rating_scale_max', kind: 'number', labelKey: 'resources.review_cycles.rating_scale_max', required: true },
  ],
  columns: ['name', 'period_start', 'period_end', 'self_review_due', 'manager_review_due', 'rating_scale_max'],
  sortable: ['name', 'period_start', 'created_at'],
  filterable: [],
  searchable: ['name'],
  defaultSort: '-period_start',
  display: 'name',
  unique: [['name']],
});

/** The weighted criteria of a cycle; the weights of a cycle add up to 100 before it opens. */
export const reviewCriteria = defineResource({
  name: 'review-criteria',
  titleKey: 'resources.review_criteria.title',
  permissionModule: 'hr',
  fields: [
    { name: 'cycle_id', kind: 'reference', labelKey: 'resources.review_criteria.cycle', required: true, reference: 'review-cycles' },
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
    { name: 'weight', kind: 'decimal', labelKey: 'resources.review_criteria.weight', required: true },
    { name: 'position', kind: 'number', labelKey: 'resources.clocks.position' },
  ],
  columns: ['name', 'cycle_id', 'weight', 'description', 'position'],
  sortable: ['name', 'position', 'created_at'],
  filterable: ['cycle_id'],
  searchable: ['name'],
  defaultSort: 'position',
  display: 'name',
  unique: [['cycle_id', 'name']],
});
