/**
 * Avatar upload limits, the same in the browser and on the server. A module of its own, free
 * of zod, so that the browser can check a file without loading the schemas.
 */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
