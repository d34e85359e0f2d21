import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '#shared/api/avatar-limits.ts';

export type LogoProblem = 'logo_type' | 'logo_too_large';

/** The logo's limits are the avatar's: PNG, JPEG or WebP, at most 2 MB (the server checks again). */
export const LOGO_MAX_BYTES = AVATAR_MAX_BYTES;
export const LOGO_TYPES = AVATAR_TYPES;

export function checkLogoFile(file: { type: string; size: number }): LogoProblem | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'logo_type';
  if (file.size > LOGO_MAX_BYTES) return 'logo_too_large';
  return null;
}

/** The server's reasons (422) as the same problems; null when it said something else. */
export function logoProblemOf(code: string): LogoProblem | null {
  if (code === 'file_too_large') return 'logo_too_large';
  if (code === 'unsupported_file_type') return 'logo_type';
  return null;
}
