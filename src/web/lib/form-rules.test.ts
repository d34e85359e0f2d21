// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { VALIDATION_MESSAGES } from '#shared/api/messages.ts';
import { translateValidation } from './form-rules.ts';
import de from '../locales/de.json';

describe('translateValidation', () => {
  afterAll(() => i18next.changeLanguage('en'));

  it('translates keys, prefixed keys and the API English sentences; leaves other text', async () => {
    expect(translateValidation('password_too_short')).toBe('The password must have at least 8 characters.');
    expect(translateValidation('validation.email_taken')).toBe('An account with this email already exists.');
    expect(translateValidation(VALIDATION_MESSAGES.otp_invalid)).toBe('This code is not correct.');
    expect(translateValidation('Something only the server knows.')).toBe('Something only the server knows.');
    i18next.addResourceBundle('de', 'translation', de);
    await i18next.changeLanguage('de');
    expect(translateValidation(VALIDATION_MESSAGES.email_taken)).toBe('Es gibt bereits ein Konto mit dieser E-Mail-Adresse.');
  });

  it('has a translation for every auth sentence the API sends', () => {
    const auth = ['password_too_short', 'password_too_long', 'password_too_weak', 'password_required', 'email_invalid',
      'email_taken', 'name_required', 'name_too_long', 'otp_format', 'otp_invalid', 'otp_expired', 'otp_attempts_exceeded',
      'token_required', 'token_invalid', 'current_password_wrong'];
    for (const key of auth) expect(i18next.exists(`validation.${key}`, { lng: 'en' }), key).toBe(true);
  });
});
