/**
 * 详情: one member unit in a drawer (loaded fresh each time it opens), with the key-field
 * change decisions and a way into the unit's own page (its practitioners, projects, cases).
 */
import { Link } from '@umijs/max';
import { App, Button, Drawer, Space } from 'antd';
import { useState } from 'react';
import { STATUS_REASON_MAX, type MemberUnitRecord } from '@common/schemas/memberUnits';
import { memberUnits } from '@/services/memberUnits';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import UnitDetail from './UnitDetail';
import type { MemberLevels } from './useMemberLevels';

export interface UnitDetailDrawerProps {
  unitId: string | null;
  levels: MemberLevels;
  onClose: () => void;
  /** Something changed (a change decided): the list reloads. */
  onChanged: () => void;
}

export function unitPagePath(id: string): string {
  return `/Manage/member-unit-management/${encodeURIComponent(id)}`;
}

/**
 * The unit detail with the change decisions wired (used by the drawer and the unit's page),
 * when the unit's `actions` offer them (a pending change, a caller who may decide it).
 */
export function useChangeDecisions(unit: MemberUnitRecord | null, onDecided: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  if (!unit?.pendingChange || !unit.actions.includes('decide-change')) return { actions: undefined, modal: null };
  const approve = async () => {
    setBusy(true);
    try {
      await memberUnits.approveChange(unit.id);
      message.success('已通过信息变更');
      onDecided();
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };
  return {
    actions: {
      busy,
      approve: () => void approve(),
      reject: () =>
        setReason({
          title: '驳回信息变更',
          description: `驳回后「${unit.name}」的关键信息保持原样，单位可看到驳回原因并重新提交。`,
          label: '驳回原因',
          max: STATUS_REASON_MAX,
          okText: '驳回变更',
          danger: true,
          run: (text) => memberUnits.rejectChange(unit.id, text),
          onDone: () => {
            message.success('已驳回信息变更');
            onDecided();
          },
        }),
    },
    modal: <ReasonModal request={reason} onClose={() => setReason(null)} />,
  };
}

export default function UnitDetailDrawer({ unitId, levels, onClose, onChanged }: UnitDetailDrawerProps) {
  const loaded = useRecord(unitId, memberUnits.get);
  const unit = loaded.record ?? null;
  const decisions = useChangeDecisions(unit, () => {
    loaded.reload();
    onChanged();
  });

  return (
    <Drawer
      open={unitId !== null}
      title={unit ? unit.name : '会员单位详情'}
      size={880}
      onClose={onClose}
      destroyOnHidden
      extra={
        unit && (
          <Space>
            <Link to={unitPagePath(unit.id)}>
              <Button>进入单位</Button>
            </Link>
          </Space>
        )
      }
    >
      <RecordView state={loaded} failedTitle="会员单位加载失败">
        {(shown) => <UnitDetail unit={shown} levels={levels} changeActions={decisions.actions} />}
      </RecordView>
      {decisions.modal}
    </Drawer>
  );
}
