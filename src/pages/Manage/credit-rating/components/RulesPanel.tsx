/**
 * 评价规则: every rules version, the one in force first: base score, tiers, each kind's points and
 * term, the kinds it does not list, who made it and why, the years rated under it. 修订规则
 * (credit:rule:edit) makes a new version from the one in force; a year already started keeps
 * its own version.
 */
import { Alert, Button, Card, Empty, Result, Skeleton, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import type { CreditKindRuleRecord, CreditRuleVersionRecord } from '@common/schemas/credit';
import { PolarityTag, Points } from '@/components/CreditTags';
import { formatDateTime } from '@/components/ListPage';
import { useApiRequest } from '@/hooks/useApiRequest';
import { useCan } from '@/hooks/useCan';
import { listCreditRules } from '@/services/credit';
import RuleVersionDrawer from './RuleVersionDrawer';
import { rulesSummary } from './StartRatingModal';

const KIND_COLUMNS: TableProps<CreditKindRuleRecord>['columns'] = [
  { title: '类型', dataIndex: 'label' },
  { title: '性质', dataIndex: 'polarity', width: 110, render: (_v, k) => (k.polarity ? <PolarityTag polarity={k.polarity} /> : <Tag>逐条选择</Tag>) },
  { title: '分值', dataIndex: 'points', width: 80, render: (v: number) => <Points points={v} strong /> },
  { title: '公示期限', dataIndex: 'termMonths', width: 100, render: (v: number) => `${v} 个月` },
];

function Version({ version }: { version: CreditRuleVersionRecord }) {
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <span>第 {version.versionNo} 版</span>
          {version.inForce && <Tag color="green">现行</Tag>}
        </Space>
      }
      extra={
        <Typography.Text type="secondary">
          {formatDateTime(version.createdAt)}
          {version.createdByName ? ` · ${version.createdByName}` : ' · 系统初始'}
        </Typography.Text>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text>{rulesSummary(version)}</Typography.Text>
        {version.note && <Typography.Text type="secondary">修订说明：{version.note}</Typography.Text>}
        <Typography.Text type="secondary">
          {version.usedByYears.length ? `评价年度：${version.usedByYears.map((y) => `${y}年度`).join('、')}` : '尚无年度按此版本评价'}
        </Typography.Text>
        <Table<CreditKindRuleRecord>
          size="small"
          rowKey="kind"
          aria-label={`第 ${version.versionNo} 版各类型分值`}
          columns={KIND_COLUMNS}
          dataSource={version.kinds}
          pagination={false}
          tableLayout="fixed"
        />
        {version.uncoveredKinds.length > 0 && (
          <Typography.Text type="secondary">
            未列出的类型（0 分，公示 12 个月）：{version.uncoveredKinds.map((k) => k.label).join('、')}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

export default function RulesPanel() {
  const can = useCan();
  const { data, loading, error, refresh } = useApiRequest(listCreditRules, { refreshOnWindowFocus: false, onError: () => undefined });
  const [editing, setEditing] = useState(false);
  const inForce = data?.find((v) => v.inForce) ?? data?.[0] ?? null;

  let body;
  if (!data && error) body = <Result status="warning" title="评价规则加载失败" extra={<Button onClick={refresh}>重试</Button>} />;
  else if (!data || (loading && !data)) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (data.length === 0) body = <Empty description="暂无评价规则" />;
  else body = data.map((v) => <Version key={v.id} version={v} />);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="规则只能修订为新版本，旧版本保留不变。新登记的信用记录和新启动的年度评价按现行版本执行；已启动的年度始终按其启动时的版本评价。"
        action={
          can('credit:rule:edit') && inForce ? (
            <Button type="primary" onClick={() => setEditing(true)}>
              修订规则（新版本）
            </Button>
          ) : undefined
        }
      />
      {body}
      <RuleVersionDrawer
        open={editing}
        base={inForce}
        onClose={() => setEditing(false)}
        onSaved={refresh}
        onStale={refresh}
      />
    </Space>
  );
}
