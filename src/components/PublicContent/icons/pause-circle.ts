/** PauseCircleOutlined of @ant-design/icons (see ./Icon.tsx). */
import type { IconShape } from './Icon';

const PAUSE_CIRCLE_ICON: IconShape = {
  viewBox: '64 64 896 896',
  paths: [
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm0 820c-205.4 0-372-166.6-372-372s166.6-372 372-372 372 166.6 372 372-166.6 372-372 372zm-88-532h-48c-4.4 0-8 3.6-8 8v304c0 4.4 3.6 8 8 8h48c4.4 0 8-3.6 8-8V360c0-4.4-3.6-8-8-8zm224 0h-48c-4.4 0-8 3.6-8 8v304c0 4.4 3.6 8 8 8h48c4.4 0 8-3.6 8-8V360c0-4.4-3.6-8-8-8z',
  ],
};

export default PAUSE_CIRCLE_ICON;
