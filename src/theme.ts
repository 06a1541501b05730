/**
 * The app's antd theme (src/app.tsx applies it everywhere; the public layout adds 长者模式 on
 * top). Contrast on white, as measured: brand #1d4e89 8.4 : 1; #595959 7.0 : 1; #767676
 * 4.5 : 1. antd's defaults fail WCAG AA for small text (primary #1677ff 4.1 : 1, tertiary
 * text #8c8c8c 3.4 : 1; error #ff4d4f 3.3 : 1, #cf1322 is 5.9 : 1), hence these colours on every page, the login and back office too.
 */
import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#1d4e89';

export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorText: 'rgba(0, 0, 0, 0.88)',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#767676',
    colorError: '#cf1322',
  },
};
