/**
 * 会员之窗 in a list row: a switch for an approved unit when the viewer may change it (it acts
 * at once, says so and reloads the list); a tag otherwise; a dash for units that cannot be
 * shown (not approved).
 */
import { App, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { MemberUnitListItem } from '@common/schemas/memberUnits';
import { memberUnits } from '@/services/memberUnits';

export default function WindowSwitch({ unit, editable, onDone }: { unit: MemberUnitListItem; editable: boolean; onDone: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (unit.status !== 'approved') {
    return (
      <Tooltip title="只有已通过审核的会员单位才能在会员之窗展示">
        <Typography.Text type="secondary">—</Typography.Text>
      </Tooltip>
    );
  }
  if (!editable) return unit.showInWindow ? <Tag color="green">展示</Tag> : <Tag>不展示</Tag>;
  return (
    <Switch
      checked={unit.showInWindow}
      loading={busy}
      checkedChildren="展示"
      unCheckedChildren="不展示"
      aria-label={`「${unit.name}」在会员之窗：${unit.showInWindow ? '展示' : '不展示'}`}
      onChange={async (next) => {
        setBusy(true);
        try {
          await memberUnits.setWindow(unit.id, next);
          message.success(next ? `「${unit.name}」已在会员之窗展示` : `「${unit.name}」已从会员之窗撤下`);
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
