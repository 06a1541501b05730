/** PauseOutlined of @ant-design/icons (see ./Icon.tsx). */
import type { IconShape } from './Icon';

const PAUSE_ICON: IconShape = {
  viewBox: '64 64 896 896',
  paths: ['M304 176h80v672h-80zm408 0h-64c-4.4 0-8 3.6-8 8v656c0 4.4 3.6 8 8 8h64c4.4 0 8-3.6 8-8V184c0-4.4-3.6-8-8-8z'],
};

export default PAUSE_ICON;
