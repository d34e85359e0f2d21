import { z } from 'zod';
import { PERMISSION_ACTIONS, PERMISSION_MODULES } from '../resources/permissions.ts';

export const staffMemberSchema = z.object({
  user_id: z.string(), name: z.string(), email: z.string(), avatar_url: z.string().nullable(),
  role_id: z.string(), role_name: z.string(), department_id: z.string().nullable(), department_name: z.string().nullable(),
  job_title: z.string().nullable(), status: z.enum(['active', 'deactivated', 'invited']), joined_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffPatchBody = z
  .object({
    role_id: z.uuid('reference_invalid').optional(),
    department_id: z.uuid('reference_invalid').nullable().optional(),
    job_title: z.string().trim().max(120, 'text_too_long').nullable().optional(),
    status: z.enum(['active', 'deactivated']).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing_to_update');

export const invitationBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('email_invalid')),
  role_id: z.uuid('reference_invalid'),
  department_id: z.uuid('reference_invalid').nullable().optional(),
});
/** The organisation's invitation defaults (GET/PUT /api/control-centre/configurations): what a new invitation starts with. */
export const staffConfigurationBody = z.object({
  default_role_id: z.uuid('reference_invalid').nullable(),
  default_department_id: z.uuid('reference_invalid').nullable(),
});
export const staffConfigurationSchema = staffConfigurationBody.extend({
  default_role_id: z.string().nullable(),
  /** The default role's name, for a reader who may not list the roles (staff.view without roles.view). */
  default_role_name: z.string().nullable(),
  default_department_id: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type StaffConfiguration = z.infer<typeof staffConfigurationSchema>;

export const invitationSchema = z.object({
  id: z.string(), email: z.string(), role_id: z.string(), role_name: z.string(), department_id: z.string().nullable(),
  expires_at: z.string(), accepted_at: z.string().nullable(), created_at: z.string(),
});
/** Accepting without being logged in creates the account: name and password then. */
export const acceptInvitationBody = z.object({
  name: z.string().trim().min(1, 'name_required').max(120, 'name_too_long').optional(),
  password: z.string().optional(),
});

export const permissionModulesSchema = z.array(z.object({ module: z.enum(PERMISSION_MODULES), actions: z.array(z.enum(PERMISSION_ACTIONS)) }));
