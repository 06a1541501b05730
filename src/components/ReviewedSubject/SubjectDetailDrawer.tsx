/**
 * 详情: one reviewed record loaded fresh in a drawer: the page's cards, the review history, and
 * in the footer the steps the caller may take now (those the record's `actions` list): 编辑,
 * the workflow steps (each confirmed first, or asking for a reason), 删除.
 */
import { App, Button, Card, Drawer, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import RecordView from '@/components/RecordView';
import ReviewHistory from '@/components/ReviewHistory';
import { useRecord } from '@/hooks/useRecord';
import { deleteQuestion, offers, type ReasonStep, type SubjectDetail, type SubjectRecord, type SubjectStep } from './types';

export interface SubjectDetailDrawerProps<R extends SubjectRecord, D extends SubjectDetail<R>> {
  id: string | null;
  /** What one record is called: the title reads 项目：…, or 项目详情 while it loads. */
  noun: string;
  nameOf: (record: R) => string;
  width: number;
  load: (id: string) => Promise<D>;
  /** The page's cards, above the review history. */
  body: (record: D) => ReactNode;
  /** How the review history names an approval (已备案); 已通过 by default. */
  approvedLabel?: string;
  steps: readonly SubjectStep<R>[];
  onClose: () => void;
  /** After a step: the list reloads. */
  onChanged: () => void;
  onEdit: (id: string) => void;
  onReason: (step: ReasonStep<R>, record: D) => void;
}

export default function SubjectDetailDrawer<R extends SubjectRecord, D extends SubjectDetail<R>>(props: SubjectDetailDrawerProps<R, D>) {
  const { id, noun, nameOf, steps, onClose, onChanged } = props;
  const { message } = App.useApp();
  const detail = useRecord(id, props.load);

  const run = async (call: () => Promise<unknown>, done: string, close = false) => {
    try {
      await call();
      message.success(done);
      onChanged();
      if (close) onClose();
      else detail.reload();
    } catch {
      // The request layer has shown why.
    }
  };

  const record = detail.record;

  const button = (step: SubjectStep<R>, shown: D) => {
    switch (step.kind) {
      case 'edit':
        return (
          <Button key={step.kind} onClick={() => props.onEdit(shown.id)}>
            编辑
          </Button>
        );
      case 'delete':
        return (
          <Popconfirm
            key={step.kind}
            title={deleteQuestion(nameOf(shown))}
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => run(() => step.run(shown), '已删除', true)}
          >
            <Button danger>删除</Button>
          </Popconfirm>
        );
      case 'reason':
        return (
          <Button key={step.label} danger onClick={() => props.onReason(step, shown)}>
            {step.buttonLabel ?? step.label}
          </Button>
        );
      case 'confirm': {
        const { title, description } = step.question(shown);
        return (
          <Popconfirm
            key={step.label}
            title={title}
            description={description}
            okText={step.label}
            cancelText="取消"
            onConfirm={() => run(() => step.run(shown), step.successMessage)}
          >
            <Button type="primary">{step.buttonLabel ?? step.label}</Button>
          </Popconfirm>
        );
      }
    }
  };

  const offered = record ? steps.filter((step) => offers(record, step)) : [];
  const footer = record && offered.length > 0 && <Space wrap>{offered.map((step) => button(step, record))}</Space>;

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={props.width}
      title={record ? `${noun}：${nameOf(record)}` : `${noun}详情`}
      destroyOnHidden
      footer={footer || undefined}
    >
      <RecordView state={detail} failedTitle="详情加载失败" rows={8}>
        {(shown) => (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {props.body(shown)}
            <Card size="small" title="审核记录">
              <ReviewHistory history={shown.reviewHistory} approvedLabel={props.approvedLabel} />
            </Card>
          </Space>
        )}
      </RecordView>
    </Drawer>
  );
}
