/**
 * ISO 4217 codes of the currencies in use, named in the interface language by the browser
 * (`Intl.DisplayNames`), like lib/countries.ts: no currency list package or text file needed.
 */
export const CURRENCY_CODES = (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF ' +
  'CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG ' +
  'HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA ' +
  'MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD ' +
  'RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX ' +
  'USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG'
).split(' ');

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

/** "EUR — Euro" in the interface language; the code alone when the browser cannot name it. */
export function currencyLabel(code: string, language: string): string {
  const name = namer(language)?.of(code);
  return name && name !== code ? `${code} — ${name}` : code;
}

/** Every currency as a select option, by code. */
export function currencyOptions(language: string): CurrencyOption[] {
  const known = cache.get(language);
  if (known) return known;
  const names = namer(language);
  const options = CURRENCY_CODES.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} — ${name}` : code };
  });
  cache.set(language, options);
  return options;
}

/** Digits after the decimal point of a currency's minor unit (GBP 2, JPY 0). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as money in the interface language. */
export function formatMoney(minor: number, currency: string, language: string): string {
  const major = minor / 10 ** minorDigits(currency);
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(major);
  } catch {
    return `${major.toFixed(minorDigits(currency))} ${currency}`;
  }
}
