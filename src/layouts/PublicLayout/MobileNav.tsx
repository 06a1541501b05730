/**
 * The column menu in a side drawer, for narrow screens (the header shows its 栏目 button below
 * 768 px). Loaded the first time the button is used, not with the page: most visits never
 * open it, and the drawer is a few KB of every first visit otherwise.
 */
import { Button, Drawer, Menu, type MenuProps } from 'antd';

type MenuItem = Required<MenuProps>['items'][number];

export interface MobileNavProps {
  open: boolean;
  onClose: () => void;
  selectedKeys: string[];
  items: MenuItem[];
}

export default function MobileNav({ open, onClose, selectedKeys, items }: MobileNavProps) {
  return (
    <Drawer
      title="网站栏目"
      placement="right"
      size={280}
      open={open}
      onClose={onClose}
      closeIcon={null}
      extra={
        <Button type="text" onClick={onClose}>
          关闭
        </Button>
      }
    >
      <nav aria-label="网站栏目（菜单）">
        <Menu mode="inline" selectedKeys={selectedKeys} items={items} style={{ borderInlineEnd: 'none' }} />
      </nav>
    </Drawer>
  );
}
