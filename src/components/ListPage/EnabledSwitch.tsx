/**
 * 启用/停用 in a list row: a switch for those allowed to change it (it calls the resource's
 * enable/disable and reloads), a plain tag for the others.
 */
import { App, Switch, Tag } from 'antd';
import { useState } from 'react';

export interface EnabledSwitchProps {
  checked: boolean;
  /** Whether the current user may change it. */
  editable: boolean;
  /** What it is, for the screen reader and the toast: "轮播「…」". */
  name: string;
  onToggle: (enabled: boolean) => Promise<unknown>;
  onDone: () => void;
}

export default function EnabledSwitch({ checked, editable, name, onToggle, onDone }: EnabledSwitchProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (!editable) return checked ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>;
  return (
    <Switch
      checked={checked}
      loading={busy}
      checkedChildren="启用"
      unCheckedChildren="停用"
      aria-label={`${name}：${checked ? '已启用' : '已停用'}`}
      onChange={async (next) => {
        setBusy(true);
        try {
          await onToggle(next);
          message.success(next ? `已启用${name}` : `已停用${name}`);
          onDone();
        } catch {
          // Shown by the request layer.
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
