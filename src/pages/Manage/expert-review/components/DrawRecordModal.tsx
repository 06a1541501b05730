/**
 * 抽取记录: one draw as it was recorded (GET /expert-draws/:id, review:draw:view): the pool
 * (how many were eligible, who was left out and why, grouped by the reason), the rules and the
 * facts the 回避 rules used, the seed and the algorithm's version, the ranked result (the panel,
 * then the backups in order, named), operator, time and supervisor; and 验证. Anyone holding the
 * record can redo the draw by hand (docs/expert-draw.md).
 */
import { Collapse, Descriptions, List, Modal, Space, Tag, Typography } from 'antd';
import { REVIEW_DRAW_KIND_LABELS, type ExpertDrawRecord } from '@common/schemas/reviewTasks';
import RecordView from '@/components/RecordView';
import { formatDateTime } from '@/components/ListPage';
import { labelOf, type Dictionary } from '@/hooks/useDictionaries';
import { useRecord } from '@/hooks/useRecord';
import { getDrawRecord, verifyDraw } from '@/services/reviewTasks';
import VerifyButton from './Verification';

export interface DrawRecordModalProps {
  drawId: string | null;
  onClose: () => void;
  categories: Dictionary;
  specialties: Dictionary;
}

/** The excluded experts grouped by their reason, in the order the counts list them. */
function exclusionGroups(record: ExpertDrawRecord) {
  return record.exclusionCounts.map((c) => ({ ...c, ids: record.excluded.filter((e) => e.rule === c.rule).map((e) => e.expertId) }));
}

function DrawRecordBody({ record, categories, specialties }: { record: ExpertDrawRecord; categories: Dictionary; specialties: Dictionary }) {
  const nameOf = new Map(record.names.map((n) => [n.expertId, n.name]));
  const { rules } = record;
  const ranked = [
    ...record.result.panel.map((id, i) => ({ id, rank: `专家${rules.seatNumbers[i] ?? i + 1}`, backup: false })),
    ...record.result.backups.map((id, i) => ({ id, rank: `备选${i + 1}`, backup: true })),
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="轮次">
          第 {record.round} 轮 · {REVIEW_DRAW_KIND_LABELS[record.kind]}
        </Descriptions.Item>
        <Descriptions.Item label="抽取时间">{formatDateTime(record.drawnAt)}</Descriptions.Item>
        <Descriptions.Item label="操作人">{record.operatorName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="监督人">{record.supervisor}</Descriptions.Item>
        {record.reason && (
          <Descriptions.Item label="重新抽取原因" span={2}>
            {record.reason}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="抽取人数">
          评审专家 {rules.panelSize} 名（本轮席位 {rules.seatNumbers.join('、')}），备选 {rules.backupCount} 名
        </Descriptions.Item>
        <Descriptions.Item label="类别要求">
          {rules.requiredCategories.length ? rules.requiredCategories.map((c) => labelOf(categories, c)).join('、') : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="优先专业" span={2}>
          {rules.wantedSpecialties.length ? rules.wantedSpecialties.map((s) => labelOf(specialties, s)).join('、') : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="回避依据" span={2}>
          评估单位「{rules.context.assessingUnitName}」，委托单位「{rules.context.clientName ?? '-'}」，评审日期 {rules.context.reviewOn}；
          每年评审上限 {rules.context.yearlyCap} 次，近 {rules.context.recentDays} 天评审过该单位项目者回避，任职、执业与利害关系看近 {rules.context.windowYears} 年
        </Descriptions.Item>
        <Descriptions.Item label="随机种子" span={2}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {record.seed}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="算法版本">{record.algorithmVersion}</Descriptions.Item>
        <Descriptions.Item label="记录摘要">
          <Typography.Text code copyable={{ text: record.digest }} style={{ wordBreak: 'break-all' }}>
            {record.digest}
          </Typography.Text>
        </Descriptions.Item>
        {record.warning && (
          <Descriptions.Item label="提醒" span={2}>
            <Typography.Text type="warning">{record.warning}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>

      <div>
        <Typography.Title level={5}>抽取结果（按名次）</Typography.Title>
        <List
          size="small"
          bordered
          dataSource={ranked}
          renderItem={(item) => (
            <List.Item>
              <Space wrap>
                <Tag color={item.backup ? 'default' : 'blue'}>{item.rank}</Tag>
                <span>{nameOf.get(item.id) ?? item.id}</span>
              </Space>
            </List.Item>
          )}
        />
      </div>

      <div>
        <Typography.Title level={5}>
          专家库：可抽取 {record.eligible.length} 名，回避 {record.excluded.length} 名
          {rules.alreadyAsked.length > 0 && `，本任务前几轮已抽取 ${rules.alreadyAsked.length} 名`}
        </Typography.Title>
        {record.exclusionCounts.length === 0 ? (
          <Typography.Text type="secondary">无回避专家</Typography.Text>
        ) : (
          <Collapse
            size="small"
            items={exclusionGroups(record).map((g) => ({
              key: g.rule,
              label: `${g.reason}：${g.count} 名`,
              children: (
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0, wordBreak: 'break-all' }}>
                  专家编号：{g.ids.join('、')}
                </Typography.Paragraph>
              ),
            }))}
          />
        )}
      </div>

      <VerifyButton verify={() => verifyDraw(record.id)} label="验证本次抽取" />
    </Space>
  );
}

export default function DrawRecordModal({ drawId, onClose, categories, specialties }: DrawRecordModalProps) {
  const state = useRecord(drawId, getDrawRecord);
  return (
    <Modal open={!!drawId} title="抽取记录" onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <RecordView state={state} failedTitle="抽取记录加载失败" rows={8}>
        {(record) => <DrawRecordBody record={record} categories={categories} specialties={specialties} />}
      </RecordView>
    </Modal>
  );
}
