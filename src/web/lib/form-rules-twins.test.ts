// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  changePasswordBody,
  emailSchema,
  loginBody,
  nameSchema,
  passwordSchema,
  PASSWORD_MAX_LENGTH as SHARED_MAX,
  PASSWORD_MIN_LENGTH as SHARED_MIN,
} from '#shared/api/auth.ts';
import { checkCurrentPassword, checkEmail, checkName, checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Check } from './form-rules.ts';
import type { z } from 'zod';

const EMAILS = ['ann@example.com', ' Ann@Example.COM ', 'a.b+c@sub.example.co.uk', "o'neil@example.ie", 'not-an-email', 'a@b', 'a@b.c',
  '.a@example.com', 'a..b@example.com', 'a.@example.com', 'a@-example.com', 'a@example.c0m', '', ' ', 'ann@exa mple.com',
  `${'x'.repeat(250)}@example.com`, 'ünï@example.com', 'a@example.com.', 'user_name-1@my-domain.org'];
const PASSWORDS = ['', 'short1', 'Harbour-2026', 'onlyletters', '12345678', '        ', 'ÄÖÜäöüß1', 'x'.repeat(128) + '1', 'a'.repeat(127) + '1',
  'abcdefg1', 'abcdefgh', 'パスワード12345', 'pass word', '!!!!!!!!a'];
const NAMES = ['', ' ', 'Ann', '  Pat Shipper ', 'x'.repeat(120), 'x'.repeat(121), ` ${'y'.repeat(120)} `];

/** The twin passes exactly what the schema passes, and names the same problem when both know it. */
function agree(check: Check, schema: z.ZodType, samples: string[]) {
  for (const sample of samples) {
    const parsed = schema.safeParse(sample);
    const problem = check(sample);
    expect(problem === null, JSON.stringify(sample)).toBe(parsed.success);
    if (!parsed.success && /^[a-z_]+$/.test(parsed.error.issues[0]?.message ?? '')) {
      expect(problem, JSON.stringify(sample)).toBe(parsed.error.issues[0]?.message);
    }
  }
}

describe('hand-written rules mirror the shared zod schemas', () => {
  it('uses the same password lengths', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([SHARED_MIN, SHARED_MAX]);
  });
  it('email', () => agree(checkEmail, emailSchema, EMAILS));
  it('new password', () => agree(checkPassword, passwordSchema, PASSWORDS));
  it('login password', () => agree(checkCurrentPassword, loginBody.shape.password, PASSWORDS));
  it('current password of the change', () => agree(checkCurrentPassword, changePasswordBody.shape.current_password, PASSWORDS.filter((p) => p.length <= 128)));
  it('name', () => agree(checkName, nameSchema, NAMES));
});
