import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '#shared/api/avatar-limits.ts';

export type AvatarProblem = 'avatar_type' | 'avatar_too_large';

/** Checks a picture before uploading it: PNG, JPEG or WebP, at most 2 MB (the server checks again). */
export function checkAvatarFile(file: { type: string; size: number }): AvatarProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatar_type';
  if (file.size > AVATAR_MAX_BYTES) return 'avatar_too_large';
  return null;
}

/** The server's reasons (422) as the same problems; null when it said something else. */
export function avatarProblemOf(code: string): AvatarProblem | null {
  if (code === 'file_too_large') return 'avatar_too_large';
  if (code === 'unsupported_file_type') return 'avatar_type';
  return null;
}
