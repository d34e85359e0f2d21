// @vitest-environment node
import { expect, it } from 'vitest';
import i18next from 'i18next';
import { tooManyAttempts } from './wait-text.ts';

it('tells the wait in seconds, or in minutes when long', () => {
  expect(tooManyAttempts(i18next.t, 30)).toBe('Too many attempts. Please try again in 30 s.');
  expect(tooManyAttempts(i18next.t, 899)).toBe('Too many attempts. Please try again in 15 min.');
  expect(tooManyAttempts(i18next.t, null)).toBe('Too many attempts. Please try again in 60 s.');
});
