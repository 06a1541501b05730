/**
 * 专家库管理: the association's expert library. A list with photo, title, work unit,
 * specialties, category and the expert's reviews (this year against the yearly cap, the last
 * one, the average rating, flagged when low), filtered by keyword (name or work unit),
 * specialty, title, category, a low rating, 官网公开 and 启用;
 * the two switches act in the row at once (the public expert page shows an expert only when
 * both are on); create and edit in a drawer (photo upload, specialties from the dictionary,
 * the practitioner link, the declared conflicts the review draw avoids);
 * delete after a confirmation; export of the filtered list to Excel.
 */
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import type { ExpertListItem, ExpertRecord } from '@common/schemas/experts';
import {
  dateTimeColumn,
  deleteAction,
  editAction,
  FileThumb,
  keywordColumn,
  ManagePageContainer,
  ResourceFormDrawer,
  ResourceTable,
  useFormDrawer,
  type ResourceColumn,
  type ResourceTableHandle,
  type RowAction,
} from '@/components/ListPage';
import { experts, exportExperts } from '@/services/experts';
import ExpertFields from './components/ExpertFields';
import { EXPERT_INITIAL_VALUES, toExpertBody, toExpertValues, type ExpertValues } from './components/expertValues';
import FlagSwitch from './components/FlagSwitch';
import { labelOf, valueEnumOf } from '@/hooks/useDictionaries';
import { useExpertDicts } from './components/useExpertDicts';

const EDIT = 'expert:edit';
const EXPORT = 'expert:export';

export default function ExpertDatabaseManagementPage() {
  const dicts = useExpertDicts();
  const drawer = useFormDrawer();
  const table = useRef<ResourceTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);

  const columns = useMemo<ResourceColumn<ExpertListItem>[]>(
    () => [
      keywordColumn('姓名或工作单位'),
      {
        title: '照片',
        dataIndex: 'photoFileId',
        width: 72,
        render: (_dom, r) => <FileThumb fileId={r.photoFileId} alt={`${r.name}的照片`} width={40} height={52} />,
      },
      { title: '姓名', dataIndex: 'name', width: 100, sorter: true },
      { title: '性别', dataIndex: 'gender', width: 64, render: (_dom, r) => labelOf(dicts.gender, r.gender) },
      {
        title: '职称',
        dataIndex: 'professionalTitle',
        width: 90,
        valueType: 'select',
        valueEnum: valueEnumOf(dicts.professional_title),
        filter: true,
        render: (_dom, r) => labelOf(dicts.professional_title, r.professionalTitle),
      },
      {
        title: '工作单位',
        dataIndex: 'workUnit',
        width: 200,
        ellipsis: true,
        render: (_dom, r) => (
          <Space orientation="vertical" size={0}>
            <span>{r.workUnit ?? '-'}</span>
            {r.position && <Typography.Text type="secondary">{r.position}</Typography.Text>}
          </Space>
        ),
      },
      {
        title: '专业领域',
        dataIndex: 'specialty',
        width: 200,
        valueType: 'select',
        valueEnum: valueEnumOf(dicts.specialty),
        filter: true,
        render: (_dom, r) =>
          r.specialties.length ? (
            <Space size={[0, 4]} wrap>
              {r.specialties.map((s) => (
                <Tag key={s} color="blue">
                  {labelOf(dicts.specialty, s)}
                </Tag>
              ))}
            </Space>
          ) : (
            '-'
          ),
      },
      {
        title: '官网公开',
        dataIndex: 'public',
        width: 120,
        valueType: 'select',
        valueEnum: { true: { text: '公开' }, false: { text: '不公开' } },
        filter: true,
        render: (_dom, r) => (
          <Space size={4}>
            <FlagSwitch
              checked={r.public}
              editable={r.actions.includes(r.public ? 'hide' : 'show')}
              words={['公开', '不公开']}
              label={`专家「${r.name}」官网公开`}
              onToggle={(next) => experts.action(r.id, next ? 'show' : 'hide')}
              doneMessage={(next) => (next ? `专家「${r.name}」已在官网公开` : `专家「${r.name}」已取消官网公开`)}
              onDone={reload}
            />
            {r.public && !r.active && (
              <Tooltip title="已停用的专家不在官网显示">
                <Typography.Text type="secondary">（未显示）</Typography.Text>
              </Tooltip>
            )}
          </Space>
        ),
      },
      {
        title: '启用',
        dataIndex: 'active',
        width: 90,
        valueType: 'select',
        valueEnum: { true: { text: '启用' }, false: { text: '停用' } },
        filter: true,
        render: (_dom, r) => (
          <FlagSwitch
            checked={r.active}
            editable={r.actions.includes(r.active ? 'disable' : 'enable')}
            words={['启用', '停用']}
            label={`专家「${r.name}」`}
            onToggle={(next) => experts.action(r.id, next ? 'enable' : 'disable')}
            doneMessage={(next) => `已${next ? '启用' : '停用'}专家「${r.name}」`}
            onDone={reload}
          />
        ),
      },
      {
        title: '专家类别',
        dataIndex: 'category',
        width: 100,
        valueType: 'select',
        valueEnum: valueEnumOf(dicts.expert_category),
        filter: true,
        render: (_dom, r) => labelOf(dicts.expert_category, r.category),
      },
      {
        title: '本年评审',
        dataIndex: 'reviewsThisYear',
        width: 100,
        render: (_dom, r) => (
          <Typography.Text type={r.reviewsThisYear >= r.yearlyCap ? 'danger' : undefined}>
            {r.reviewsThisYear} / {r.yearlyCap} 次
          </Typography.Text>
        ),
      },
      { title: '最近评审', dataIndex: 'lastReviewOn', width: 110, optional: true, render: (_dom, r) => r.lastReviewOn ?? '-' },
      {
        title: '平均评价',
        dataIndex: 'flagged',
        width: 130,
        valueType: 'select',
        valueEnum: { true: { text: '评价偏低' } },
        filter: true,
        render: (_dom, r) =>
          r.averageRating === null ? (
            '-'
          ) : (
            <Space size={4} wrap>
              <span>
                {r.averageRating.toFixed(1)}（{r.ratingCount} 次）
              </span>
              {r.flagged && <Tag color="red">评价偏低</Tag>}
            </Space>
          ),
      },
      { title: '排序', dataIndex: 'sort', width: 80, sorter: true, optional: true },
      dateTimeColumn('更新时间', 'updatedAt', { sorter: true }),
    ],
    [dicts, reload],
  );

  const { openEdit } = drawer;
  const rowActions = useMemo<RowAction<ExpertListItem>[]>(
    () => [editAction('edit', (r) => openEdit(r.id)), deleteAction('delete', experts.remove, (r) => r.name)],
    [openEdit],
  );

  return (
    <ManagePageContainer path="/Manage/expert-database-management">
      <ResourceTable<ExpertListItem>
        headerTitle="专家列表"
        columns={columns}
        fetch={experts.list}
        create={{ code: EDIT, label: '新建专家', onClick: drawer.openCreate }}
        rowActions={rowActions}
        exports={[{ key: 'export', label: '导出 Excel', code: EXPORT, icon: true, run: exportExperts }]}
        handleRef={table}
      />
      <ResourceFormDrawer<ExpertRecord, ExpertValues>
        title="专家"
        width={760}
        target={drawer.target}
        onClose={drawer.close}
        onSaved={reload}
        load={(id) => experts.get(id)}
        toValues={toExpertValues}
        versionOf={(r) => r.version}
        initialValues={EXPERT_INITIAL_VALUES}
        create={(values) => experts.create(toExpertBody(values))}
        update={(id, values, version) => experts.update(id, { ...toExpertBody(values), version })}
      >
        {({ record }) => <ExpertFields dicts={dicts} record={record} />}
      </ResourceFormDrawer>
    </ManagePageContainer>
  );
}
