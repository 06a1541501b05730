/**
 * The practitioner list of staff (all units, or one unit's context from ?unitId=) and of a
 * member unit (its own): filters, masked ID numbers and phones with 查看 where allowed, the
 * buttons each record's `actions` offer (the server's answer for this caller and the record's
 * state), 新增 with the account shown once, 导入 and 导出.
 */
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { Link, useModel, useSearchParams } from '@umijs/max';
import { Alert, Button, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AuthType, type PermissionCode } from '@common/permissions';
import {
  CERTIFICATE_FILTER_LABELS,
  PRACTITIONER_STATUS_LABELS,
  type PractitionerDetail,
  type PractitionerRecord,
} from '@common/schemas/practitioners';
import {
  dateTimeColumn,
  deleteAction,
  keywordColumn,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ExportAction,
  type ListFilters,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import {
  approvePractitioner,
  createPractitioner,
  exportPractitioners,
  getPractitioner,
  memberUnitOptions,
  practitioners,
  resubmitPractitioner,
} from '@/services/practitioners';
import AccountModal, { type CreatedAccount } from './AccountModal';
import DetailDrawer from './DetailDrawer';
import ImportModal from './ImportModal';
import MaskedValue from './MaskedValue';
import PractitionerFields from './PractitionerFields';
import { StatusBadge } from './PractitionerDetailView';
import { PRACTITIONER_INITIAL_VALUES, toCreateBody, toPractitionerValues, toUpdateBody, type PractitionerValues } from './practitionerValues';
import { leaveStep, rejectStep } from './steps';
import { useUnitContext } from './useUnitContext';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import { useCan } from '@/hooks/useCan';
import { labelOf, valueEnumOf } from '@/hooks/useDictionaries';
import { usePractitionerDicts } from './usePractitionerDicts';

type ListQuery = Record<string, string | number>;

const PAGE_PATH = '/Manage/employee-management';

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

export default function PractitionerList() {
  const { initialState } = useModel('@@initialState');
  const isStaff = initialState?.currentUser?.authType === AuthType.Staff;
  const can = useCan();
  const dicts = usePractitionerDicts();
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [step, setStep] = useState<ReasonRequest | null>(null);
  const [importing, setImporting] = useState(false);
  const [units, setUnits] = useState<{ label: string; value: string }[]>([]);
  const [searchParams] = useSearchParams();
  const contextUnitId = isStaff ? searchParams.get('unitId') : null;
  const [listedUnitName, setListedUnitName] = useState<string | null>(null);

  /** The toolbar: staff act by permission code; a unit on its own records without codes (the server checks both). */
  const code = (c: PermissionCode) => (isStaff ? c : undefined);
  const may = (c: PermissionCode) => !isStaff || can(c);

  useEffect(() => {
    if (!isStaff) return undefined;
    let live = true;
    memberUnitOptions()
      .then((options) => live && setUnits(options.map((o) => ({ label: o.name, value: o.id }))))
      .catch(() => undefined); // the select stays empty; the list still works
    return () => {
      live = false;
    };
  }, [isStaff]);

  const contextUnitName = contextUnitId ? (units.find((u) => u.value === contextUnitId)?.label ?? listedUnitName) : null;
  useUnitContext(contextUnitId, contextUnitName);

  const fetchList = useCallback(
    async (query: ListQuery) => {
      const page = await practitioners.list(query);
      if (query.unitId) setListedUnitName(page.list[0]?.unitName ?? null);
      return page;
    },
    [],
  );
  const reload = useCallback(() => table.current?.reload(), []);

  const columns = useMemo<ResourceColumn<PractitionerRecord>[]>(() => {
    const day = today();
    const list: ResourceColumn<PractitionerRecord>[] = [
      keywordColumn('姓名或证书编号（从开头匹配），或完整身份证号码'),
      { title: '姓名', dataIndex: 'name', width: 100, sorter: true, fixed: 'left' },
      { title: '性别', dataIndex: 'gender', width: 60, render: (_dom, r) => labelOf(dicts.gender, r.gender) },
      {
        title: '身份证号码',
        dataIndex: 'idCardNo',
        width: 230,
        // Staff see the unit beside the name; below 1600 px the number gives it room (列设置 brings it back).
        optional: isStaff ? true : undefined,
        render: (_dom, r) => <MaskedValue practitionerId={r.id} name={r.name} field="idCardNo" value={r.idCardNo} canReveal={r.canReveal} />,
      },
      {
        title: '手机号码',
        dataIndex: 'phone',
        width: 170,
        optional: true,
        render: (_dom, r) => <MaskedValue practitionerId={r.id} name={r.name} field="phone" value={r.phone} canReveal={r.canReveal} />,
      },
    ];
    if (isStaff) {
      list.push({
        title: '所属单位',
        dataIndex: 'unitId',
        width: 200,
        ellipsis: true,
        valueType: 'select',
        valueEnum: Object.fromEntries(units.map((u) => [u.value, { text: u.label }])),
        fieldProps: { showSearch: true },
        filter: true,
        render: (_dom, r) => r.unitName,
      });
    }
    list.push(
      {
        title: '学历',
        dataIndex: 'education',
        width: 100,
        valueType: 'select',
        valueEnum: valueEnumOf(dicts.education),
        filter: true,
        render: (_dom, r) => labelOf(dicts.education, r.education),
      },
      {
        title: '证书',
        dataIndex: 'certificate',
        hideInTable: true,
        valueType: 'select',
        valueEnum: Object.fromEntries(Object.entries(CERTIFICATE_FILTER_LABELS).map(([k, text]) => [k, { text }])),
        filter: true,
      },
      {
        title: '证书编号 / 有效期',
        dataIndex: 'certificateValidUntil',
        width: 170,
        sorter: true,
        render: (_dom, r) =>
          r.certificateNo ? (
            <Space orientation="vertical" size={0}>
              <span>{r.certificateNo}</span>
              {r.certificateValidUntil && (
                <Typography.Text type={r.status === 'approved' && r.certificateValidUntil < day ? 'danger' : 'secondary'}>
                  至 {r.certificateValidUntil}
                  {r.status === 'approved' && r.certificateValidUntil < day ? '（已过期）' : ''}
                  {r.status === 'left' ? '（已注销）' : ''}
                </Typography.Text>
              )}
            </Space>
          ) : (
            '-'
          ),
      },
      {
        title: '状态',
        dataIndex: 'status',
        width: 100,
        valueType: 'select',
        valueEnum: Object.fromEntries(Object.entries(PRACTITIONER_STATUS_LABELS).map(([k, text]) => [k, { text }])),
        filter: true,
        render: (_dom, r) => <StatusBadge status={r.status} />,
      },
      { title: '入职日期', dataIndex: 'entryDate', width: 110, sorter: true, optional: true, render: (_dom, r) => r.entryDate ?? '-' },
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true, optional: true }),
    );
    return list;
  }, [dicts, isStaff, units]);

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<PractitionerRecord>[]>(
    () => [
      { key: 'detail', label: '详情', run: (r) => setDetailId(r.id) },
      {
        key: 'approve',
        label: '通过',
        action: 'approve',
        confirm: (r) => `确定审核通过「${r.name}」吗？将发放从业人员证书，有效期3年。`,
        run: (r) => approvePractitioner(r.id, { version: r.version }),
        successMessage: (r) => `已审核通过「${r.name}」，证书已发放`,
      },
      { key: 'reject', label: '驳回', action: 'reject', danger: true, run: (r) => setStep(rejectStep(r, reload)) },
      { key: 'edit', label: '编辑', action: 'edit', run: (r) => openEdit(r.id) },
      {
        key: 'resubmit',
        label: '重新提交',
        action: 'resubmit',
        confirm: (r) => `确定将「${r.name}」重新提交协会审核吗？请先按驳回原因修改。`,
        run: (r) => resubmitPractitioner(r.id, r.version),
        successMessage: '已重新提交审核',
      },
      { key: 'leave', label: '离职', action: 'leave', danger: true, run: (r) => setStep(leaveStep(r, reload)) },
      deleteAction('delete', practitioners.remove, (r) => r.name),
    ],
    [openEdit, reload],
  );

  const toolbarExtra = [
    ...(may('member:practitioner:import')
      ? [
          <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>,
        ]
      : []),
  ];

  const exports: ExportAction[] = [
    ...(may('member:practitioner:export') ? [{ key: 'export', label: '导出', icon: true, run: exportPractitioners }] : []),
    ...(can('member:practitioner:export-sensitive')
      ? [
          {
            key: 'export-sensitive',
            label: '导出（含完整身份证号码）',
            confirm: {
              title: '导出完整身份证号码？',
              content: '导出的表格将包含完整的身份证号码，本次导出会记入审计日志。请仅在工作需要时导出，并妥善保管文件。',
              okText: '确定导出',
            },
            run: (filters: ListFilters) => exportPractitioners({ ...filters, sensitive: true }),
          },
        ]
      : []),
  ];

  return (
    <>
      {contextUnitId && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <Space>
              <span>正在查看「{contextUnitName ?? '所选单位'}」的从业人员</span>
              <Link to={PAGE_PATH}>查看全部单位</Link>
            </Space>
          }
        />
      )}
      <ResourceTable<PractitionerRecord>
        headerTitle="从业人员列表"
        columns={columns}
        fetch={fetchList}
        create={{ code: code('member:practitioner:edit'), label: '新增从业人员', onClick: drawer.openCreate }}
        rowActions={rowActions}
        toolbarExtra={toolbarExtra}
        exports={exports}
        handleRef={table}
      />
      <ResourceFormDrawer<PractitionerDetail, PractitionerValues>
        title="从业人员"
        width={820}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={reload}
        load={getPractitioner}
        toValues={toPractitionerValues}
        versionOf={(r) => r.version}
        initialValues={{ ...PRACTITIONER_INITIAL_VALUES, ...(contextUnitId ? { unitId: contextUnitId } : {}) }}
        create={async (values) => {
          const result = await createPractitioner(toCreateBody(values, isStaff));
          setCreated({ name: values.name.trim(), loginAccount: result.loginAccount, initialPassword: result.initialPassword });
          return result;
        }}
        update={(id, values, version) => practitioners.update(id, toUpdateBody(values, version))}
        submitters={[{ key: 'save', label: '保存', primary: true, successMessage: '从业人员信息已保存' }]}
      >
        {({ record }) => (
          <PractitionerFields
            dicts={dicts}
            record={record}
            unitOptions={isStaff ? units : undefined}
            identityLocked={!isStaff && record?.status === 'approved'}
          />
        )}
      </ResourceFormDrawer>
      <AccountModal account={created} onClose={() => setCreated(null)} />
      <DetailDrawer id={detailId} onClose={() => setDetailId(null)} dicts={dicts} />
      <ReasonModal request={step} onClose={() => setStep(null)} />
      <ImportModal open={importing} onClose={() => setImporting(false)} onImported={reload} unitOptions={isStaff ? units : undefined} defaultUnitId={contextUnitId ?? undefined} />
    </>
  );
}
