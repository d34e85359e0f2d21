import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import i18next from 'i18next';
import type { z } from 'zod';
import { VALIDATION_MESSAGES } from '#shared/api/messages.ts';
import type { ApiFailure } from './api-failure.ts';

/*
 * Hand-written twins of the shared zod rules (src/shared/api/auth.ts) for the pages that must
 * load fast (login, settings): importing a value from the shared schema modules brings zod
 * (~25 kB gzipped) along. form-rules.test.ts holds each twin to its schema on sample inputs.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;
/** zod 4's `z.email()` pattern. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A check answers the validation key of the first problem, or null. */
export type Check = (value: string) => string | null;

/** `emailSchema`: trimmed, lower-cased, at most 254 characters, an email address. */
export const checkEmail: Check = (value) => {
  const email = value.trim().toLowerCase();
  return email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email) ? 'email_invalid' : null;
};

/** `passwordSchema`: 8 to 128 characters, a letter and a digit or symbol. */
export const checkPassword: Check = (value) => {
  if (value.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (value.length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  return /\p{L}/u.test(value) && /[^\p{L}]/u.test(value) ? null : 'password_too_weak';
};

/** The login's and the password change's current password: present, at most 128 characters. */
export const checkCurrentPassword: Check = (value) => {
  if (value.length < 1) return 'password_required';
  return value.length > PASSWORD_MAX_LENGTH ? 'password_too_long' : null;
};

/** `nameSchema`: trimmed, 1 to 120 characters. */
export const checkName: Check = (value) => {
  const name = value.trim();
  if (name.length < 1) return 'name_required';
  return name.length > 120 ? 'name_too_long' : null;
};

/** An antd rule from a check; `requiredKey` names the message for an empty value. */
export function checkRule(check: Check, requiredKey?: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = value === undefined || value === null ? '' : String(value);
      if (requiredKey && text.trim() === '') throw new Error(translateValidation(requiredKey));
      const problem = check(text);
      if (problem) throw new Error(translateValidation(problem));
    },
  };
}

/** Values the validation messages may interpolate. */
const VALIDATION_PARAMS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** The validation key behind an API field message (an English sentence of the shared list). */
const KEY_OF_SENTENCE = new Map(Object.entries(VALIDATION_MESSAGES).map(([key, sentence]) => [sentence, key]));

/** The validation key of a message: `validation.x` or `x` as it is, an API sentence by the shared list. */
export function validationKeyOf(message: string): string {
  const bare = message.replace(/^validation\./, '');
  return KEY_OF_SENTENCE.get(bare) ?? bare;
}

/**
 * A validation message in the interface language: `password_too_short`, or the API's English
 * sentence for it, becomes the translated `validation.password_too_short`; unknown text stays.
 */
export function translateValidation(message: string): string {
  const key = `validation.${validationKeyOf(message)}`;
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
 * Shows the server's per-field messages on the matching form fields; a nested field's key
 * (`legs.0.eta`, `shipper.name`) lands on that path of a form list or group named in `names`.
 * Answers whether any field of the form got one.
 */
export function applyFieldErrors(form: FormInstance, failure: ApiFailure, names: readonly string[]): boolean {
  const entries = Object.entries(failure.fields).filter(([name]) => names.includes(name.split('.')[0]));
  if (entries.length === 0) return false;
  form.setFields(entries.map(([name, message]) => ({ name: name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [translateValidation(message)] })));
  return true;
}
