import { defineResource } from './descriptor.ts';
import { STAGE_KINDS } from '../recruitment/model.ts';

/**
 * The stages an applicant moves through in the recruitment hub (issue 13, item 6), in `position`
 * order; `kind` says what a stage means: `active`, or the ends `hired` and `rejected`.
 */
export const recruitmentStages = defineResource({
  name: 'recruitment-stages',
  titleKey: 'resources.recruitment_stages.title',
  permissionModule: 'recruitment',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'position', kind: 'number', labelKey: 'resources.recruitment_stages.position', required: true },
    { name: 'kind', kind: 'enum', labelKey: 'resources.recruitment_stages.kind', required: true, options: STAGE_KINDS },
  ],
  columns: ['position', 'name', 'kind'],
  sortable: ['position', 'name', 'created_at'],
  filterable: ['kind'],
  searchable: ['name'],
  defaultSort: 'position',
  display: 'name',
  unique: [['name']],
});

/** The stages every new organisation starts with (the same as migration 0022 gave the existing ones). */
export const STANDARD_RECRUITMENT_STAGES = [
  { name: 'Applied', position: 0, kind: 'active' },
  { name: 'Screening', position: 1, kind: 'active' },
  { name: 'Interview', position: 2, kind: 'active' },
  { name: 'Offer', position: 3, kind: 'active' },
  { name: 'Hired', position: 4, kind: 'hired' },
  { name: 'Rejected', position: 5, kind: 'rejected' },
] as const;
