import { describe, expect, it } from 'vitest';
import { profitOf } from './charges.ts';

describe('a job’s profit', () => {
  it('sums quoted and actual figures in minor units, an actual not entered counting as quoted', () => {
    const lines = [
      { quoted_sell_minor: 185000, quoted_buy_minor: 150000, actual_sell_minor: 185000, actual_buy_minor: 154550 },
      { quoted_sell_minor: 6500, quoted_buy_minor: 4000, actual_sell_minor: null, actual_buy_minor: null },
      { quoted_sell_minor: 0, quoted_buy_minor: 0, actual_sell_minor: 12575, actual_buy_minor: 9999 },
    ];
    // Quoted: 1 915.00 − 1 540.00 = 375.00 (19.58 %). Actual: 1 850.00 + 65.00 + 125.75 = 2 040.75 sold, 1 545.50 + 40.00 + 99.99 = 1 685.49 bought: 355.26 (17.41 %).
    expect(profitOf(lines)).toEqual({
      quoted: { sell_minor: 191500, buy_minor: 154000, profit_minor: 37500, margin_pct: '19.58' },
      actual: { sell_minor: 204075, buy_minor: 168549, profit_minor: 35526, margin_pct: '17.41' },
    });
    expect(profitOf([]).quoted).toEqual({ sell_minor: 0, buy_minor: 0, profit_minor: 0, margin_pct: null });
  });
});
