/**
 * The list of credit events: filters (keyword, unit, practitioner, subject, kind, polarity,
 * status, source, dates, in term), sort and paging in the address (ResourceTable); polarity and
 * status as tags, points coloured; 登记 in a drawer (credit:event:edit), 导出 (credit:export),
 * 撤销 on the rows whose `actions` offer it (a reason first), 详情 in a drawer.
 */
import { Link } from '@umijs/max';
import { Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CREDIT_EVENT_STATUS_LABELS,
  CREDIT_POLARITY_LABELS,
  CREDIT_SOURCE_TYPE_LABELS,
  CREDIT_SUBJECT_TYPE_LABELS,
} from '@common/credit';
import { CREDIT_REASON_MAX, type CreditEventDetail, type CreditEventRecord } from '@common/schemas/credit';
import { EventStatusTag, Points, PolarityTag } from '@/components/CreditTags';
import {
  dateRangeFilter,
  dateTimeColumn,
  keywordColumn,
  labelsEnum,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import { useUnitColumn } from '@/components/ReviewedSubject';
import { useAccessFlags } from '@/hooks/useCan';
import { labelOf, useDictionaries, valueEnumOf } from '@/hooks/useDictionaries';
import { useDetailId } from '@/hooks/useDetailId';
import { creditEvents, exportCreditEvents, getCreditEvent, listCreditRules, recordCreditEvent, withdrawCreditEvent } from '@/services/credit';
import CreditEventDrawer from './CreditEventDrawer';
import CreditEventFields, { type RulesState } from './CreditEventFields';
import { EVENT_INITIAL_VALUES, kindDefault, toEventBody, type CreditEventValues } from './creditEventValues';
import { PractitionerPicker } from './SubjectPickers';
import { sourceLink } from './sourceLinks';

/** The rules version in force, for the default points of 登记 (staff who may record only). */
function useRulesInForce(enabled: boolean): RulesState {
  const [state, setState] = useState<RulesState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    listCreditRules()
      .then((versions) => live && setState({ status: 'ready', rules: versions.find((v) => v.inForce) ?? versions[0] ?? null }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}

export default function CreditEventList() {
  const { isMemberUnit, can } = useAccessFlags();
  const { credit_event_kind: kinds } = useDictionaries('credit_event_kind');
  const drawer = useFormDrawer();
  const detail = useDetailId();
  const table = useRef<ResourceTableHandle>(null);
  const [changes, setChanges] = useState(0);
  const reload = useCallback(() => {
    table.current?.reload();
    setChanges((n) => n + 1);
  }, []);
  const [withdrawing, setWithdrawing] = useState<ReasonRequest<Awaited<ReturnType<typeof withdrawCreditEvent>>> | null>(null);
  const mayRecord = can('credit:event:edit');
  const rules = useRulesInForce(mayRecord);
  const unitColumn = useUnitColumn<CreditEventRecord>('会员单位');

  const askWithdraw = useCallback(
    (r: CreditEventRecord) =>
      setWithdrawing({
        title: `撤销「${r.unitName}${r.practitionerName ? ` · ${r.practitionerName}` : ''}」的${r.kindLabel}记录`,
        alert: {
          type: 'warning',
          title: '撤销后该记录不再计分、不再公示，记录本身及撤销原因保留备查。',
          description: '尚未终评的年度评价将随即重算该单位得分；已终评的年度结果不变。',
        },
        label: '撤销原因',
        max: CREDIT_REASON_MAX,
        okText: '撤销',
        danger: true,
        placeholder: '如：经复核，该事项证据不足',
        extra: '原因将通知被登记单位',
        run: (reason) => withdrawCreditEvent(r.id, r.version, reason),
        successMessage: (result) => result.message || '已撤销',
        onDone: reload,
      }),
    [reload],
  );

  const columns = useMemo<ResourceColumn<CreditEventRecord>[]>(
    () => [
      keywordColumn('事由、单位或从业人员姓名'),
      // Staff: the unit, and under it the practitioner (whose own column then starts hidden at 1440 px).
      ...(unitColumn
        ? [
            {
              ...unitColumn,
              fixed: 'left' as const,
              width: 180,
              ellipsis: false,
              render: (_d: unknown, r: CreditEventRecord) => (
                <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
                  <Typography.Text ellipsis={{ tooltip: r.unitName }}>{r.unitName}</Typography.Text>
                  {r.practitionerName && <Typography.Text type="secondary">从业人员：{r.practitionerName}</Typography.Text>}
                </Space>
              ),
            },
          ]
        : []),
      {
        title: '从业人员',
        dataIndex: 'practitionerId',
        width: 110,
        ellipsis: true,
        ...(unitColumn ? { optional: true as const } : {}),
        filter: true,
        formItemRender: () => <PractitionerPicker ariaLabel="从业人员" placeholder="输入姓名搜索" allowClear />,
        render: (_d, r) => r.practitionerName ?? '-',
      },
      {
        title: '对象',
        dataIndex: 'subjectType',
        width: 90,
        optional: true,
        valueType: 'select',
        valueEnum: labelsEnum(CREDIT_SUBJECT_TYPE_LABELS),
        filter: true,
        render: (_d, r) => CREDIT_SUBJECT_TYPE_LABELS[r.subjectType],
      },
      {
        title: '类型',
        dataIndex: 'kind',
        width: 150,
        ellipsis: true,
        valueType: 'select',
        valueEnum: valueEnumOf(kinds),
        fieldProps: { showSearch: true },
        filter: true,
        sorter: true,
        render: (_d, r) => r.kindLabel || labelOf(kinds, r.kind),
      },
      {
        title: '性质',
        dataIndex: 'polarity',
        width: 90,
        valueType: 'select',
        valueEnum: labelsEnum(CREDIT_POLARITY_LABELS),
        filter: true,
        render: (_d, r) => <PolarityTag polarity={r.polarity} />,
      },
      { title: '分值', dataIndex: 'points', width: 80, sorter: true, render: (_d, r) => <Points points={r.points} strong /> },
      { title: '发生日期', dataIndex: 'occurredOn', width: 110, sorter: true },
      dateRangeFilter('发生日期', 'occurredFrom', 'occurredTo'),
      {
        title: '公示期至',
        dataIndex: 'termUntil',
        width: 110,
        sorter: true,
        render: (_d, r) => (
          <Space orientation="vertical" size={0}>
            <span>{r.termUntil}</span>
            {r.inTerm && <Typography.Text type="secondary">在期</Typography.Text>}
          </Space>
        ),
      },
      {
        title: '是否在期',
        dataIndex: 'inTerm',
        hideInTable: true,
        valueType: 'select',
        valueEnum: { true: { text: '在期（有效且未过公示期）' }, false: { text: '不在期' } },
        filter: true,
      },
      {
        title: '来源',
        dataIndex: 'sourceType',
        width: 110,
        optional: true,
        valueType: 'select',
        valueEnum: labelsEnum(CREDIT_SOURCE_TYPE_LABELS),
        filter: true,
        render: (_d, r) => {
          const link = sourceLink(r.sourceType, r.sourceId);
          const label = CREDIT_SOURCE_TYPE_LABELS[r.sourceType];
          return link ? <Link to={link}>{label}</Link> : label;
        },
      },
      {
        title: '状态',
        dataIndex: 'status',
        width: 90,
        valueType: 'select',
        valueEnum: labelsEnum(CREDIT_EVENT_STATUS_LABELS),
        filter: true,
        render: (_d, r) => <EventStatusTag status={r.status} />,
      },
      { ...dateTimeColumn<CreditEventRecord>('登记时间', 'createdAt', { sorter: true }), optional: true },
    ],
    [unitColumn, kinds],
  );

  const openDetail = detail.open;
  const rowActions = useMemo<RowAction<CreditEventRecord>[]>(
    () => [
      { key: 'detail', label: '详情', run: (r) => openDetail(r.id) },
      { key: 'withdraw', label: '撤销', action: 'withdraw', danger: true, run: (r) => askWithdraw(r) },
    ],
    [openDetail, askWithdraw],
  );

  return (
    <>
      <ResourceTable<CreditEventRecord>
        headerTitle={isMemberUnit ? '本单位信用记录' : '信用记录'}
        columns={columns}
        fetch={creditEvents.list}
        create={{ code: 'credit:event:edit', label: '登记', onClick: drawer.openCreate }}
        rowActions={rowActions}
        exports={[{ key: 'export', label: '导出', icon: true, code: 'credit:export', run: exportCreditEvents }]}
        emptyText={isMemberUnit ? '本单位暂无信用记录' : '暂无信用记录'}
        handleRef={table}
      />
      <ResourceFormDrawer<CreditEventDetail, CreditEventValues>
        title="信用记录"
        width={720}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={reload}
        // Events are never edited (withdrawn with a reason instead): the drawer only records new ones.
        load={getCreditEvent}
        toValues={() => ({ subjectType: 'unit', files: [] })}
        versionOf={(r) => r.version}
        initialValues={EVENT_INITIAL_VALUES}
        create={(values) => recordCreditEvent(toEventBody(values, kindDefault(rules.status === 'ready' ? rules.rules : null, values.kind)))}
        update={() => Promise.reject(new Error('信用记录不能修改，如有错误请撤销后重新登记'))}
        // The server's words say the points and the term the event took (已登记，计 −10 分，公示至 …).
        submitters={[{ key: 'save', label: '登记', primary: true, serverMessage: true, successMessage: '信用记录已登记，已通知相关单位' }]}
      >
        {({ form }) => <CreditEventFields form={form} kinds={kinds} rules={rules} />}
      </ResourceFormDrawer>
      <CreditEventDrawer id={detail.id} refreshKey={changes} onClose={detail.close} onWithdraw={askWithdraw} />
      <ReasonModal request={withdrawing} onClose={() => setWithdrawing(null)} />
    </>
  );
}
