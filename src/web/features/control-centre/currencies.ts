import { CURRENCY_CODES, currencyName } from '#shared/money/currency.ts';

/**
 * ISO 4217 currencies (the table in src/shared/money) as select options, named in the interface
 * language by the browser (`Intl.DisplayNames`), or by their ISO English name where it has none.
 */
export interface CurrencyOption {
  value: string;
  label: string;
}

const cache = new Map<string, CurrencyOption[]>();

function namer(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'currency' });
  } catch {
    return null;
  }
}

const labelOf = (code: string, names: Intl.DisplayNames | null) => {
  const name = names?.of(code);
  return `${code} — ${name && name !== code ? name : currencyName(code)}`;
};

/** "EUR — Euro" in the interface language; the code alone when it is not an ISO 4217 code. */
export function currencyLabel(code: string, language: string): string {
  try {
    return labelOf(code, namer(language));
  } catch {
    return code;
  }
}

/** Every currency as a select option, by code. */
export function currencyOptions(language: string): CurrencyOption[] {
  const known = cache.get(language);
  if (known) return known;
  const names = namer(language);
  const options = CURRENCY_CODES.map((code) => ({ value: code, label: labelOf(code, names) }));
  cache.set(language, options);
  return options;
}
