import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '#shared/api/avatar-limits.ts';

/** What can be wrong with a picture (avatar or logo): the same limits the server checks. */
export type ImageProblem = 'type' | 'too_large';

/** Checks a picture before uploading it: PNG, JPEG or WebP, at most 2 MB. */
export function checkImageFile(file: { type: string; size: number }): ImageProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'too_large';
  return null;
}

/** The server's reasons (422) as the same problems; null when it said something else. */
export function imageProblemOf(code: string): ImageProblem | null {
  if (code === 'file_too_large') return 'too_large';
  if (code === 'unsupported_file_type') return 'type';
  return null;
}
