import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import type { ResourceRecord } from './cc-api.ts';

/**
 * What the resource form's drawer is opened with: written by open-resource-form.ts, read by
 * resource-form.tsx (which the opener loads on demand); a leaf of both.
 */
export interface ResourceFormData {
  descriptor: ResourceDescriptor;
  record: ResourceRecord | null;
  /** Values a new record takes without showing their fields (ResourcePage's `fixed`). */
  preset?: Record<string, string>;
  /** Starting values of a new record's shown fields (today's date for a logged call). */
  defaults?: Record<string, unknown>;
}
