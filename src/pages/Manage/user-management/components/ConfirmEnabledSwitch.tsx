/**
 * 启用/停用 of an account, asked first: disabling ends the person's sessions at once, so the
 * switch opens a confirmation instead of acting on the click. It acts only where the row
 * offers the change (its `actions`); your own account, which the server never lets you
 * disable, shows a switch that says so; others see a tag.
 */
import { App, Popconfirm, Switch, Tag, Tooltip } from 'antd';

export interface ConfirmEnabledSwitchProps {
  checked: boolean;
  /** The row offers the change (`enable` or `disable` in its actions). */
  editable: boolean;
  /** The caller's own account, which they would otherwise switch (they hold the code). */
  self: boolean;
  name: string;
  onToggle: (enabled: boolean) => Promise<unknown>;
  onDone: () => void;
}

export default function ConfirmEnabledSwitch({ checked, editable, self, name, onToggle, onDone }: ConfirmEnabledSwitchProps) {
  const { message } = App.useApp();
  const label = `用户「${name}」：${checked ? '已启用' : '已停用'}`;
  if (!editable && self && checked) {
    return (
      <Tooltip title="不能停用自己的账号">
        <Switch checked disabled checkedChildren="启用" unCheckedChildren="停用" aria-label={label} />
      </Tooltip>
    );
  }
  if (!editable) return checked ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>;
  return (
    <Popconfirm
      title={checked ? `确定停用「${name}」吗？` : `确定启用「${name}」吗？`}
      description={checked ? '停用后该用户立即退出登录，且不能再登录。' : '启用后该用户可以登录；若账号被锁定，也一并解锁。'}
      okText={checked ? '停用' : '启用'}
      cancelText="取消"
      okButtonProps={{ danger: checked }}
      onConfirm={async () => {
        try {
          await onToggle(!checked);
          message.success(checked ? `已停用${name}` : `已启用${name}`);
          onDone();
        } catch {
          // Shown by the request layer.
        }
      }}
    >
      <Switch checked={checked} checkedChildren="启用" unCheckedChildren="停用" aria-label={label} />
    </Popconfirm>
  );
}
