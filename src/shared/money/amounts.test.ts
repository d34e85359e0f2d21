import { describe, expect, it } from 'vitest';
import { convertMinor, crossRate, inverseRate, majorOf, MoneyError, minorOf, percentOf, prorate, quotedRate, rateText, sumMinor } from './amounts.ts';

// Every expectation below is worked out by hand in the comment beside it, never with the code's formula.
const refused = (fn: () => unknown, code: MoneyError['code']) => {
  expect(fn).toThrow(MoneyError);
  try {
    fn();
  } catch (e) {
    expect((e as MoneyError).code).toBe(code);
  }
};

describe('conversion, rounded half away from zero once', () => {
  it('gets the two findings of issue 8 right (floats said 22 and 61)', () => {
    // 15 pence × 1.5 = 22.5 pence → 23.
    expect(convertMinor(15, 'GBP', 'GBP', '1.5')).toBe(23);
    // 41 pence = £0.41; × 150 = ¥61.5 → ¥62 (0.41 × 150 is 61.49999… in floats).
    expect(convertMinor(41, 'GBP', 'JPY', '150')).toBe(62);
  });

  it('rounds halves away from zero on both signs', () => {
    expect(convertMinor(-15, 'GBP', 'GBP', '1.5')).toBe(-23); // −22.5 → −23
    expect(convertMinor(-41, 'GBP', 'JPY', '150')).toBe(-62); // −61.5 → −62
    expect(convertMinor(1, 'GBP', 'JPY', '50')).toBe(1); // £0.01 × 50 = ¥0.5 → 1
    expect(convertMinor(-1, 'GBP', 'JPY', '50')).toBe(-1); // −¥0.5 → −1
    expect(convertMinor(1, 'GBP', 'JPY', '49.99')).toBe(0); // ¥0.4999 → 0
    expect(convertMinor(-1050, 'EUR', 'GBP', '0.5')).toBe(-525); // exactly −525
  });

  it('scales by each currency’s ISO digits: JPY 0, BHD 3, HUF 2, IQD 3', () => {
    // ¥100 × 0.00505 = £0.505 = 50.5 pence → 51.
    expect(convertMinor(100, 'JPY', 'GBP', '0.00505')).toBe(51);
    // £1.00 × 0.4625 = 0.4625 BHD = 462.5 fils → 463; the negative → −463.
    expect(convertMinor(100, 'GBP', 'BHD', '0.4625')).toBe(463);
    expect(convertMinor(-100, 'GBP', 'BHD', '0.4625')).toBe(-463);
    // 1.234 BHD × 2 = £2.468 = 246.8 pence → 247.
    expect(convertMinor(1234, 'BHD', 'GBP', '2')).toBe(247);
    // €10.00 × 395.125 = 3951.25 HUF = 395125 fillér (HUF keeps its 2 digits; Intl says 0).
    expect(convertMinor(1000, 'EUR', 'HUF', '395.125')).toBe(395125);
    // $1.00 × 1309.5005 = 1309.5005 IQD = 1309500.5 fils → 1309501 (IQD has 3 digits; Intl says 0).
    expect(convertMinor(100, 'USD', 'IQD', '1309.5005')).toBe(1309501);
    expect(convertMinor(-100, 'USD', 'IQD', '1309.5005')).toBe(-1309501);
  });

  it('crosses through the euro with the exact quotient', () => {
    // ECB 2026-04-13: 1 EUR = 0.87058 GBP = 1.1684 USD. £1000 × 1.1684 ÷ 0.87058 = $1342.0937765627…
    const gbpUsd = crossRate('0.87058', '1.1684');
    expect(convertMinor(100000, 'GBP', 'USD', gbpUsd)).toBe(134209);
    expect(rateText(gbpUsd)).toBe('1.34209377656'); // 1.34209377656|27… to 12 significant digits
    // 1 EUR = 2 X = 3 Y, so 1 X = 1.5 Y: 15 × 1.5 = 22.5 → 23.
    expect(convertMinor(15, 'GBP', 'USD', crossRate('2', '3'))).toBe(23);
    // The inverse of a quoted 1.2: 1200 ÷ 1.2 = 1000 exactly.
    expect(convertMinor(1200, 'EUR', 'GBP', inverseRate(quotedRate('1.2')))).toBe(1000);
    expect(rateText(inverseRate(quotedRate('1.15')))).toBe('0.869565217391'); // 1 ÷ 1.15 = 0.869565217391|30…
    expect(rateText(quotedRate('1.2000'))).toBe('1.2');
  });

  it('takes amounts past 2^53 as text or bigint, and refuses what a JS number cannot carry', () => {
    // 9007199254740993 pence (2^53 + 1) = £90071992547409.93; × 0.01 = ¥900719925474.0993 → 900719925474.
    expect(convertMinor('9007199254740993', 'GBP', 'JPY', '0.01')).toBe(900719925474);
    expect(convertMinor(9007199254740993n, 'GBP', 'JPY', '0.01')).toBe(900719925474);
    expect(convertMinor(Number.MAX_SAFE_INTEGER, 'JPY', 'JPY', '1')).toBe(9007199254740991);
    refused(() => convertMinor(2 ** 53, 'JPY', 'JPY', '1'), 'amount_too_large');
    refused(() => convertMinor('9007199254740993', 'GBP', 'GBP', '1'), 'amount_too_large');
    // 10^13 yen at 1 000 000 into BHD: 10^13 × 10^6 × 10^3 fils is far past 2^53.
    refused(() => convertMinor(1e13, 'JPY', 'BHD', '1000000'), 'amount_too_large');
    refused(() => convertMinor(1.5, 'GBP', 'GBP', '1'), 'decimal_format');
    refused(() => sumMinor([Number.MAX_SAFE_INTEGER, 1]), 'amount_too_large');
  });
});

describe('minor and major units', () => {
  it('writes minor units with the currency’s digits', () => {
    expect(majorOf(4900, 'GBP')).toBe('49.00');
    expect(majorOf(4900, 'gbp')).toBe('49.00');
    expect(majorOf(-5, 'GBP')).toBe('-0.05');
    expect(majorOf(1234, 'JPY')).toBe('1234');
    expect(majorOf(5, 'BHD')).toBe('0.005');
    expect(majorOf(-12345, 'IQD')).toBe('-12.345');
    expect(majorOf(12345, 'HUF')).toBe('123.45');
    expect(majorOf('900719925474099312', 'GBP')).toBe('9007199254740993.12');
    expect(majorOf(2n ** 64n, 'JPY')).toBe('18446744073709551616');
  });

  it('reads major amounts, refusing digits the currency does not have', () => {
    expect(minorOf('12.3', 'GBP')).toBe(1230);
    expect(minorOf('-0.05', 'GBP')).toBe(-5);
    expect(minorOf('1234', 'JPY')).toBe(1234);
    expect(minorOf('1.234', 'BHD')).toBe(1234);
    refused(() => minorOf('12.5', 'JPY'), 'decimal_places');
    refused(() => minorOf('1.2345', 'BHD'), 'decimal_places');
    refused(() => minorOf('0.125', 'GBP'), 'decimal_places');
    refused(() => minorOf('1e3', 'GBP'), 'decimal_format');
    refused(() => minorOf('100000000000000', 'GBP'), 'amount_too_large'); // 10^16 pence
    expect(() => minorOf('1', 'ABC')).toThrow(/ISO 4217/);
  });
});

describe('derived amounts: per line, then sum', () => {
  it('takes percentages exactly, halves away from zero', () => {
    expect(percentOf(1050, '5')).toBe(53); // 52.5 → 53
    expect(percentOf(-1050, '5')).toBe(-53); // −52.5 → −53
    expect(percentOf(1049, '5')).toBe(52); // 52.45 → 52
    expect(percentOf(333, '7.5')).toBe(25); // 24.975 → 25
    expect(percentOf(1, '0.0001')).toBe(0);
  });

  it('rounds each line, then adds', () => {
    // Three lines of £10.50 at 5 %: 52.5 → 53 each, 159 in all (not 5 % of 3150 = 157.5 → 158).
    expect(sumMinor([1050, 1050, 1050].map((a) => percentOf(a, '5')))).toBe(159);
    expect(sumMinor([])).toBe(0);
    expect(sumMinor([100, -250, '7'])).toBe(-143);
  });

  it('prorates by time', () => {
    expect(prorate(2900, 15, 30)).toBe(1450);
    expect(prorate(29, 1, 2)).toBe(15); // 14.5 → 15
    expect(prorate(-29, 1, 2)).toBe(-15); // −14.5 → −15
    expect(prorate(7900, 1, 3)).toBe(2633); // 2633.33…
  });
});
