/**
 * antd themes of the public site: AA contrast for everyone, and 长者模式 (README.md, "Reading
 * for everyone"). In antd the type scale, line heights and control sizes derive from seed
 * tokens, so 长者模式 is a theme, not CSS overrides. The AA colours of every page are the
 * app's (src/theme.ts).
 */
import type { ThemeConfig } from 'antd';
import { APP_THEME, BRAND_COLOR } from '@/theme';

export { BRAND_COLOR };

/** Everyone: AA contrast (4.5 : 1) for every text antd draws. */
export const PUBLIC_THEME: ThemeConfig = APP_THEME;

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
