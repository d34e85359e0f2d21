import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from '../lib/theme-store.ts';

export const PRIMARY_COLOR = '#4788B6';
/** The primary's hue, dark enough for text on white (5.8:1; #4788B6 itself is 3.8:1). */
export const PRIMARY_DARKER = '#2f6a94';
/** Manrope is bundled (@fontsource); CJK scripts fall back to the system's fonts. */
export const FONT_FAMILY =
  "Manrope, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Hiragino Sans', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans', sans-serif";

/**
 * Breakpoints of docs/product.md#interface (sm 640, md 768, lg 1024, xl 1280, 2xl 1536). antd derives the
 * Min/Max tokens from its own defaults, not from overridden values, so all are set here.
 */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
const SCREEN_TOKENS = {
  screenXSMax: BREAKPOINTS.sm - 1,
  screenSM: BREAKPOINTS.sm,
  screenSMMin: BREAKPOINTS.sm,
  screenSMMax: BREAKPOINTS.md - 1,
  screenMD: BREAKPOINTS.md,
  screenMDMin: BREAKPOINTS.md,
  screenMDMax: BREAKPOINTS.lg - 1,
  screenLG: BREAKPOINTS.lg,
  screenLGMin: BREAKPOINTS.lg,
  screenLGMax: BREAKPOINTS.xl - 1,
  screenXL: BREAKPOINTS.xl,
  screenXLMin: BREAKPOINTS.xl,
  screenXLMax: BREAKPOINTS.xxl - 1,
  screenXXL: BREAKPOINTS.xxl,
  screenXXLMin: BREAKPOINTS.xxl,
};

/** `reducedMotion`: the visitor's system asks for less motion, so nothing animates. */
export function themeConfig(mode: ThemeMode, reducedMotion = false): ThemeConfig {
  const dark = mode === 'dark';
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      ...(reducedMotion && { motion: false }),
      colorPrimary: PRIMARY_COLOR,
      fontFamily: FONT_FAMILY,
      ...SCREEN_TOKENS,
      // Text colours for WCAG AA (4.5:1): darker on white in the light scheme; in the dark scheme
      // only the descriptions (breadcrumb links) need lifting from 0.45 alpha.
      ...(dark
        ? {
            colorTextDescription: 'rgba(255, 255, 255, 0.65)',
            // Red text (a table's Delete, an error) on the dark surfaces: #dc4446 is 4.3:1, #e86e6b 6:1.
            colorError: '#e86e6b',
            // Links and "processing" blue: antd's dark #1668dc is 3.6:1 on the dark surfaces, #8cbfe3 9:1.
            colorInfo: '#8cbfe3',
            colorLink: '#8cbfe3',
          }
        : {
            colorLink: PRIMARY_DARKER,
            colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
            colorTextDescription: 'rgba(0, 0, 0, 0.62)',
            colorError: '#cf1322',
          }),
      // Placeholders are read as text (a select's placeholder is): 0.25 alpha is 1.6:1.
      colorTextPlaceholder: dark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.55)',
    },
    components: {
      /*
       * Contrast of primary buttons. The brand colour stays #4788B6 (docs/product.md#interface) for every
       * token, but white label text on it is only 3.8:1, below WCAG AA's 4.5:1 for normal
       * text. Bold ≥ 18.66px labels would pass at 3:1, but would make every button shout and
       * break the compact ones. Instead, filled primary buttons use darker shades of the same
       * hue: #2f6a94 (5.8:1 with white), hover #3a77a3 (4.8:1), pressed #265a80 (7.4:1). The
       * tokens are set on the Button component only, so links, focus rings, switches and
       * checkboxes keep the brand colour itself.
       */
      Button: {
        // In the dark scheme a ghost primary button writes this colour on black as well: #3c7aa9 is
        // 4.6:1 there and 4.6:1 under white text, where #2f6a94 is 3.6:1 on black.
        colorPrimary: dark ? '#3c7aa9' : PRIMARY_DARKER,
        colorPrimaryHover: '#3a77a3',
        colorPrimaryActive: '#265a80',
      },
      // Selected menu text on its tinted background: #4788B6 would be 3.3:1, the darker shade 5:1.
      Menu: dark ? { itemSelectedColor: '#8cbfe3', subMenuItemSelectedColor: '#8cbfe3' } : { itemSelectedColor: PRIMARY_DARKER, subMenuItemSelectedColor: PRIMARY_DARKER },
      // The selected tab's label on white: the brand colour is 3.8:1, the darker shade 5.8:1 (the ink bar keeps the brand colour).
      // In the dark scheme the brand's shade is 4.3:1 on black: the lighter one of the menu instead.
      Tabs: dark ? { itemSelectedColor: '#8cbfe3', itemActiveColor: '#8cbfe3' } : { itemSelectedColor: PRIMARY_DARKER, itemActiveColor: '#265a80' },
      /*
       * Tag text on its pale background. antd writes status tags in the status colour itself
       * (#52c41a on #f6ffed is 2.2:1) and preset colours in shade 7 (gold 2.6:1, green 3.5:1, cyan
       * 3.6:1). In the light scheme the same hues one or two shades darker reach 4.5:1 or more;
       * the dark scheme's tags already do.
       */
      // Dark tags: red and blue text on their tinted backgrounds at 4.5:1 or more.
      ...(dark && { Tag: { colorError: '#e86e6b', colorErrorText: '#e86e6b', colorInfo: '#8cbfe3', colorInfoText: '#8cbfe3' } }),
      ...(!dark && {
        Tag: {
          colorSuccess: '#237804', colorInfo: PRIMARY_DARKER, colorWarning: '#ad4e00', colorError: '#cf1322',
          green7: '#237804', cyan7: '#006d75', gold7: '#874d00', orange7: '#ad4e00', lime7: '#3f6600', volcano7: '#ad2102', yellow7: '#876800', blue7: '#0958d9',
        },
      }),
      // The labels of description lists (a shipment's, a quote's facts) are written in the tertiary
      // text colour, 0.45 alpha: 2.5:1 on a card. The secondary text colour reads at 4.5:1 or more.
      Descriptions: { labelColor: dark ? 'rgba(255, 255, 255, 0.65)' : 'rgba(0, 0, 0, 0.62)' },
      // An empty table says so in the "disabled" text colour (0.25 alpha, 1.6:1): readable instead.
      Table: { colorTextDisabled: dark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.55)' },
      // Dates of the neighbouring months (antd greys them as "disabled", 0.25 → 1.6:1) and
      // today's date (the brand colour) in the calendar, readable at 4.5:1 or more.
      Calendar: dark
        ? { colorTextDisabled: 'rgba(255, 255, 255, 0.55)' }
        : { colorTextDisabled: 'rgba(0, 0, 0, 0.55)', colorPrimary: PRIMARY_DARKER },
    },
  };
}

/** Message popups 3 s; notifications 4.5 s, bottom right, 24px from the edge (docs/product.md#error-notices). */
export const MESSAGE_CONFIG = { duration: 3 };
export const NOTIFICATION_CONFIG = { placement: 'bottomRight', duration: 4.5, bottom: 24, top: 24 } as const;
