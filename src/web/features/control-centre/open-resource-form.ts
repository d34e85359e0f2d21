import { lazy } from 'react';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { registerDrawerContent } from '../../lib/drawer-registry.ts';
import { useDrawerStore } from '../../lib/drawer-store.ts';
import type { ResourceRecord } from './cc-api.ts';
import type { ResourceFormData } from './resource-form-data.ts';
import { ccT } from './cc-texts.ts';

export const RESOURCE_FORM = 'cc-resource-form';

// The form (antd's Form, its validator, every kind of field) loads when a form is first opened,
// not with the list: the list page's first load stays lighter.
registerDrawerContent(
  RESOURCE_FORM,
  lazy(async () => ({ default: (await import('./resource-form.tsx')).ResourceFormDrawer })),
);

/** Opens the app's drawer with the form of a new record (`record` null) or of a record. */
export function openResourceForm(descriptor: ResourceDescriptor, record: ResourceRecord | null, preset?: Record<string, string>, defaults?: Record<string, unknown>): void {
  const what = ccT(descriptor.titleKey);
  useDrawerStore.getState().openDrawer({
    type: RESOURCE_FORM,
    title: ccT(record ? 'control_centre.edit_title' : 'control_centre.create_title', { title: what }),
    data: { descriptor, record, preset, defaults } satisfies ResourceFormData,
  });
}
