import { lazy } from 'react';
import { registerDrawerContent } from '../../lib/drawer-registry.ts';
import { useDrawerStore } from '../../lib/drawer-store.ts';
import type { Invitation, StaffMember } from './cc-api.ts';
import { ccT } from './cc-texts.ts';

/**
 * The staff drawers: opening them from the screens, and their forms (antd's Form, the selects, the
 * e-mail check, staff-forms.tsx) loaded when a drawer is first opened, not with the screens.
 */
const STAFF_FORM = 'cc-staff-form';
const INVITE_FORM = 'cc-invite-form';

export function openStaffForm(member: StaffMember): void {
  useDrawerStore.getState().openDrawer({ type: STAFF_FORM, title: ccT('staff.edit_title', { name: member.name }), data: member });
}

export function openInviteForm(initial?: Partial<Pick<Invitation, 'email' | 'role_id' | 'department_id'>>): void {
  useDrawerStore.getState().openDrawer({ type: INVITE_FORM, title: ccT('staff.invite_title'), data: initial ?? null });
}

// The forms (antd's Form, the selects, the e-mail check) load when a drawer is first opened, not
// with the screens that open them.
registerDrawerContent(STAFF_FORM, lazy(async () => ({ default: (await import('./staff-forms.tsx')).StaffFormDrawer })));
registerDrawerContent(INVITE_FORM, lazy(async () => ({ default: (await import('./staff-forms.tsx')).InviteFormDrawer })));
