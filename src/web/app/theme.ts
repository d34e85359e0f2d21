import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from '../lib/theme-store.ts';

export const PRIMARY_COLOR = '#4788B6';
/** Manrope is bundled (@fontsource); CJK scripts fall back to the system's fonts. */
/** The primary's hue, dark enough for link text (5.8:1 on white; #4788B6 itself is 3.8:1). */
export const LINK_COLOR = '#2f6a94';
export const FONT_FAMILY =
  "Manrope, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Hiragino Sans', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans', sans-serif";

export function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      fontFamily: FONT_FAMILY,
      // Text colours darkened for WCAG AA contrast (4.5:1) on white; the primary stays as specified.
      colorLink: LINK_COLOR,
      colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorError: '#cf1322',
    },
  };
}

/** Message popups 3 s; notifications 4.5 s, bottom right, 24px from the edge (spec §9). */
export const MESSAGE_CONFIG = { duration: 3 };
export const NOTIFICATION_CONFIG = { placement: 'bottomRight', duration: 4.5, bottom: 24, top: 24 } as const;
