import type { TFunction } from 'i18next';

/** "Too many attempts…" with the wait in seconds, or in minutes once it is longer than 90 s. */
export function tooManyAttempts(t: TFunction, seconds: number | null, fallback = 60): string {
  const wait = seconds ?? fallback;
  return wait > 90
    ? t('auth.too_many_attempts_minutes', { minutes: Math.ceil(wait / 60) })
    : t('auth.too_many_attempts', { seconds: wait });
}
