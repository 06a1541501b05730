/**
 * antd themes of the public site (STANDARDS.md). In antd the type scale, line heights and
 * control sizes derive from seed tokens, so 长者模式 is a theme, not CSS overrides.
 *
 * Contrast on white, as measured: brand #1d4e89 8.4 : 1; #595959 7.0 : 1; #767676 4.5 : 1;
 * #262626 15 : 1. antd's defaults fail AA for small text (primary #1677ff 4.1 : 1, tertiary
 * text #8c8c8c 3.4 : 1), hence the colours below even outside the mode.
 */
import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#1d4e89';

/** Everyone: AA contrast (4.5 : 1) for every text antd draws. */
export const PUBLIC_THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorText: 'rgba(0, 0, 0, 0.88)',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#767676',
  },
};

/**
 * 长者模式: main text 18 px with line height 1.6 (≥ 1.5), controls 44 px high (targets
 * ≥ 44 × 44), body text near black (≥ 7 : 1, here 15–21 : 1).
 */
export const ELDER_THEME: ThemeConfig = {
  token: {
    ...PUBLIC_THEME.token,
    fontSize: 18,
    lineHeight: 1.6,
    controlHeight: 44,
    controlHeightSM: 36,
    controlHeightLG: 52,
    colorText: '#000000',
    colorTextSecondary: '#262626',
    colorTextTertiary: '#262626',
    colorTextDescription: '#262626',
    colorTextPlaceholder: '#4d4d4d',
    colorBorder: '#595959',
  },
  components: {
    Menu: { itemHeight: 52 },
    Pagination: { itemSize: 44 },
  },
};

/**
 * The top menu: white on the brand blue (8.4 : 1), the current page on a darker blue
 * (#0f325c, 12.6 : 1) with a yellow rule drawn by index.less.
 */
export const NAV_MENU_THEME: ThemeConfig = {
  components: {
    Menu: {
      darkItemBg: BRAND_COLOR,
      darkPopupBg: BRAND_COLOR,
      darkSubMenuItemBg: BRAND_COLOR,
      darkItemColor: '#ffffff',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: '#163f70',
      darkItemSelectedColor: '#ffffff',
      darkItemSelectedBg: '#0f325c',
    },
  },
};
