/** MenuOutlined of @ant-design/icons (see ./Icon.tsx). */
import type { IconShape } from './Icon';

const MENU_ICON: IconShape = {
  viewBox: '64 64 896 896',
  paths: [
    'M904 160H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0 624H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0-312H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8z',
  ],
};

export default MENU_ICON;
