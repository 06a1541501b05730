/**
 * 详情: one member unit in a drawer (loaded fresh each time it opens), with the key-field
 * change decisions and a way into the unit's own page (its practitioners, projects, cases).
 */
import { Link, useAccess } from '@umijs/max';
import { App, Button, Drawer, Result, Skeleton, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { STATUS_REASON_MAX, type MemberUnitRecord } from '@common/schemas/memberUnits';
import type { AccessFlags } from '@/access';
import { memberUnits } from '@/services/memberUnits';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import UnitDetail from './UnitDetail';
import type { MemberLevels } from './useMemberLevels';

export interface UnitDetailDrawerProps {
  unitId: string | null;
  levels: MemberLevels;
  onClose: () => void;
  /** Something changed (a change decided): the list reloads. */
  onChanged: () => void;
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; unit: MemberUnitRecord };

export function unitPagePath(id: string): string {
  return `/Manage/member-unit-management/${encodeURIComponent(id)}`;
}

/** The unit detail with the change decisions wired (used by the drawer and the unit's page). */
export function useChangeDecisions(unit: MemberUnitRecord | null, onDecided: () => void) {
  const access = useAccess() as AccessFlags;
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  if (!unit?.pendingChange || !access.can('member:unit:approve')) return { actions: undefined, modal: null };
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
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const fetchUnit = useCallback(async (id: string) => {
    setLoad({ status: 'loading' });
    try {
      setLoad({ status: 'ready', unit: await memberUnits.get(id) });
    } catch {
      setLoad({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    if (unitId) void fetchUnit(unitId);
  }, [unitId, fetchUnit]);

  const unit = load.status === 'ready' ? load.unit : null;
  const decisions = useChangeDecisions(unit, () => {
    if (unitId) void fetchUnit(unitId);
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
      {load.status === 'loading' && <Skeleton active paragraph={{ rows: 10 }} />}
      {load.status === 'failed' && (
        <Result status="warning" title="会员单位加载失败" extra={<Button onClick={() => unitId && void fetchUnit(unitId)}>重试</Button>} />
      )}
      {unit && <UnitDetail unit={unit} levels={levels} changeActions={decisions.actions} />}
      {decisions.modal}
    </Drawer>
  );
}
