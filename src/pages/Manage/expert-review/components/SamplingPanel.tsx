/**
 * 质量抽查 (review:sample): the samplings made so far; 质量抽查 draws a share (or a number) of
 * the projects filed in a period, leaving out those already reviewed in it, with a recorded
 * seed the same reproducible way as a panel (docs/expert-draw.md), and opens a review task for
 * each; a sampling's record shows the candidates, the seed and the sampled projects with their
 * tasks, and 验证 recomputes it.
 */
import { ProFormDateRangePicker, ProFormDigit, ProFormRadio } from '@ant-design/pro-components';
import { Button, Descriptions, Drawer, Form, List, Space, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { SAMPLING_COUNT_MAX, type QualitySampleDetail, type QualitySampleRecord } from '@common/schemas/reviewTasks';
import {
  dateTimeColumn,
  formatDateTime,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import { createQualitySample, qualitySamples, verifyQualitySample } from '@/services/reviewTasks';
import ReviewSettingsFields from './ReviewSettingsFields';
import type { ReviewDicts } from './ReviewTaskDrawer';
import VerifyButton from './Verification';
import { shortHex } from './reviewWords';
import { SAMPLING_INITIAL_VALUES, toSamplingBody, type SamplingValues } from './reviewTaskValues';

const sizeText = (r: Pick<QualitySampleRecord, 'sharePercent' | 'count'>) =>
  r.sharePercent !== null ? `按比例 ${r.sharePercent}%` : `按数量 ${r.count ?? '-'} 个`;

function SamplingFields({ dicts }: { dicts: ReviewDicts }) {
  const by = Form.useWatch<SamplingValues['by'] | undefined>('by');
  return (
    <>
      <ProFormDateRangePicker
        name="period"
        label="抽查期间（按备案日期）"
        fieldProps={{ style: { width: '100%' } }}
        rules={[{ required: true, message: '请选择抽查期间' }]}
        extra="从该期间内备案的项目中抽取，期间内已评审过的项目不再抽取"
      />
      <ProFormRadio.Group
        name="by"
        label="抽取方式"
        options={[
          { label: '按比例', value: 'share' },
          { label: '按数量', value: 'count' },
        ]}
      />
      {by === 'count' ? (
        <ProFormDigit
          name="count"
          label="抽查数量"
          min={1}
          max={SAMPLING_COUNT_MAX}
          fieldProps={{ precision: 0, suffix: '个' }}
          rules={[{ required: true, message: '请填写抽查数量' }]}
        />
      ) : (
        <ProFormDigit
          name="sharePercent"
          label="抽查比例"
          min={1}
          max={100}
          fieldProps={{ precision: 0, suffix: '%' }}
          extra="按比例向上取整，期间内有备案项目时至少抽取 1 个"
          rules={[{ required: true, message: '请填写抽查比例' }]}
        />
      )}
      <Typography.Title level={5}>抽中项目的评审安排</Typography.Title>
      <ReviewSettingsFields categories={dicts.categories} specialties={dicts.specialties} />
    </>
  );
}

function SamplingRecord({ record, onOpenTask }: { record: QualitySampleDetail; onOpenTask: (taskId: string) => void }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="抽查期间">
          {record.from} 至 {record.to}
        </Descriptions.Item>
        <Descriptions.Item label="抽取方式">{sizeText(record)}</Descriptions.Item>
        <Descriptions.Item label="候选项目">{record.candidateCount} 个</Descriptions.Item>
        <Descriptions.Item label="抽中项目">{record.sampleSize} 个</Descriptions.Item>
        <Descriptions.Item label="操作人">{record.operatorName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="抽取时间">{formatDateTime(record.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="随机种子" span={2}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {record.seed}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="算法版本">{record.algorithmVersion}</Descriptions.Item>
        <Descriptions.Item label="记录摘要">
          <Typography.Text code copyable={{ text: record.digest }}>
            {shortHex(record.digest)}
          </Typography.Text>
        </Descriptions.Item>
        {record.note && (
          <Descriptions.Item label="备注" span={2}>
            {record.note}
          </Descriptions.Item>
        )}
      </Descriptions>
      <List
        size="small"
        bordered
        header={<Typography.Text strong>抽中的项目（按抽取顺序）</Typography.Text>}
        dataSource={record.sampled}
        locale={{ emptyText: '期间内没有可抽取的项目' }}
        renderItem={(p, index) => {
          const { taskId } = p;
          return (
          <List.Item>
            <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
              <span>
                {index + 1}. {p.projectName}
                {p.projectCode ? `（${p.projectCode}）` : ''}
              </span>
              <Typography.Text type="secondary">{p.unitName}</Typography.Text>
            </Space>
            {taskId && (
              <Button type="link" size="small" onClick={() => onOpenTask(taskId)}>
                查看评审
              </Button>
            )}
          </List.Item>
          );
        }}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        候选项目编号（按编号排序，抽取以此为准）：{record.candidates.join('、') || '无'}
      </Typography.Paragraph>
      <VerifyButton verify={() => verifyQualitySample(record.id)} label="验证本次抽查" />
    </Space>
  );
}

export default function SamplingPanel({ dicts, onOpenTask }: { dicts: ReviewDicts; onOpenTask: (taskId: string) => void }) {
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const [openId, setOpenId] = useState<string | null>(null);
  const made = useRef<string | null>(null);
  const detail = useRecord(openId, qualitySamples.get);

  const columns = useMemo<ResourceColumn<QualitySampleRecord>[]>(
    () => [
      { title: '抽查期间', dataIndex: 'from', width: 210, render: (_d, r) => `${r.from} 至 ${r.to}` },
      { title: '抽取方式', dataIndex: 'sharePercent', width: 120, render: (_d, r) => sizeText(r) },
      { title: '候选 / 抽中', dataIndex: 'sampleSize', width: 110, render: (_d, r) => `${r.candidateCount} / ${r.sampleSize}` },
      { title: '操作人', dataIndex: 'operatorName', width: 100, render: (_d, r) => r.operatorName ?? '-' },
      dateTimeColumn('抽取时间', 'createdAt'),
    ],
    [],
  );
  const rowActions = useMemo<RowAction<QualitySampleRecord>[]>(() => [{ key: 'detail', label: '抽查记录', run: (r) => setOpenId(r.id) }], []);

  return (
    <>
      <ResourceTable<QualitySampleRecord>
        headerTitle="质量抽查记录"
        columns={columns}
        fetch={qualitySamples.list}
        create={{ code: 'review:sample', label: '质量抽查', onClick: drawer.openCreate }}
        rowActions={rowActions}
        emptyText="暂无质量抽查"
        handleRef={table}
      />
      <ResourceFormDrawer<QualitySampleDetail, SamplingValues>
        title="质量抽查"
        width={760}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={() => {
          reload();
          if (made.current) setOpenId(made.current);
        }}
        load={qualitySamples.get}
        toValues={() => SAMPLING_INITIAL_VALUES}
        versionOf={() => 0}
        initialValues={SAMPLING_INITIAL_VALUES}
        create={async (values) => {
          const answer = await createQualitySample(toSamplingBody(values));
          made.current = answer.id;
        }}
        update={() => Promise.reject(new Error('抽查记录不能修改'))}
        submitters={[
          {
            key: 'sample',
            label: '抽取',
            primary: true,
            successMessage: '质量抽查已完成，抽中的项目已发起评审',
            confirm: () => ({
              title: '确定进行质量抽查吗？',
              content: '抽取结果和随机种子将永久记录、不能撤销，每个抽中的项目会发起一个评审任务。',
              okText: '抽取',
            }),
          },
        ]}
      >
        <SamplingFields dicts={dicts} />
      </ResourceFormDrawer>
      <Drawer open={!!openId} onClose={() => setOpenId(null)} size={760} title="质量抽查记录" destroyOnHidden>
        <RecordView state={detail} failedTitle="抽查记录加载失败" rows={8}>
          {(record) => (
            <SamplingRecord
              record={record}
              onOpenTask={(taskId) => {
                setOpenId(null);
                onOpenTask(taskId);
              }}
            />
          )}
        </RecordView>
      </Drawer>
    </>
  );
}
