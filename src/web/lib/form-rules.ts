import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import i18next from 'i18next';
import type { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/api/auth.ts';
import { VALIDATION_MESSAGES } from '#shared/api/messages.ts';
import type { ApiFailure } from './api-failure.ts';

/** Values the validation messages may interpolate. */
const VALIDATION_PARAMS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** The validation key behind an API field message (an English sentence of the shared list). */
const KEY_OF_SENTENCE = new Map(Object.entries(VALIDATION_MESSAGES).map(([key, sentence]) => [sentence, key]));

/**
 * A validation message in the interface language: `password_too_short`, or the API's English
 * sentence for it, becomes the translated `validation.password_too_short`; unknown text stays.
 */
export function translateValidation(message: string): string {
  const bare = message.replace(/^validation\./, '');
  const key = `validation.${KEY_OF_SENTENCE.get(bare) ?? bare}`;
  return i18next.exists(key) ? i18next.t(key, VALIDATION_PARAMS) : message;
}

/**
 * An antd rule that validates with a shared zod schema and shows its (translated) message.
 * `requiredKey` names the message for an empty value.
 */
export function zodRule(schema: z.ZodType, requiredKey?: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (requiredKey && (value === undefined || value === null || String(value).trim() === '')) {
        throw new Error(translateValidation(requiredKey));
      }
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(translateValidation(result.error.issues[0]?.message ?? 'invalid'));
    },
  };
}

/**
 * Shows the server's per-field messages on the matching form fields. Answers whether any field
 * of the form got one.
 */
export function applyFieldErrors(form: FormInstance, failure: ApiFailure, names: readonly string[]): boolean {
  const entries = Object.entries(failure.fields).filter(([name]) => names.includes(name));
  if (entries.length === 0) return false;
  form.setFields(entries.map(([name, message]) => ({ name, errors: [translateValidation(message)] })));
  return true;
}
