/**
 * ISO 6346 container numbers: owner code (3 letters), category (U, J or Z), 6-digit serial and a
 * check digit. Letters count 10 upwards skipping multiples of 11 (A = 10, B = 12 … Z = 38); each of
 * the first ten characters is weighted by 2^position; the sum mod 11 (10 counting as 0) is the
 * check digit.
 */
export const CONTAINER_NUMBER = /^[A-Z]{3}[UJZ][0-9]{7}$/;

const letterValue = (ch: string): number => {
  let value = 10;
  for (let c = 'A'.charCodeAt(0); c < ch.charCodeAt(0); c++) {
    value++;
    if (value % 11 === 0) value++;
  }
  return value;
};

/** The check digit of the first ten characters of a container number. */
export function checkDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i];
    const value = /[0-9]/.test(ch) ? Number(ch) : letterValue(ch);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** A container number written without spaces or dashes, upper case ("mscu 123456-5" → "MSCU1234565"). */
export const normaliseContainerNumber = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/** Why a container number is not valid, or null when it is: `format` or `check_digit`. */
export function containerNumberProblem(raw: string): 'format' | 'check_digit' | null {
  const n = normaliseContainerNumber(raw);
  if (!CONTAINER_NUMBER.test(n)) return 'format';
  return checkDigit(n.slice(0, 10)) === Number(n[10]) ? null : 'check_digit';
}
