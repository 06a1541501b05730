/**
 * The review task form's fields (inside ResourceFormDrawer): when opening a task, the project
 * (filed projects only, searched by name, code or client) and why; then the settings.
 */
import { ProFormSelect } from '@ant-design/pro-components';
import { Descriptions, Form, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ReviewTaskDetail } from '@common/schemas/reviewTasks';
import { optionsOf, type Dictionary } from '@/hooks/useDictionaries';
import { projects } from '@/services/projects';
import ReviewSettingsFields from './ReviewSettingsFields';

/** How long typing rests before the projects are searched. */
const SEARCH_DELAY_MS = 300;
const PICKER_PAGE_SIZE = 20;

interface ProjectOption {
  label: string;
  value: string;
}

/** The filed projects matching what is typed (all filed projects' first page to begin with). */
function FiledProjectPicker({ value, onChange, id }: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const [options, setOptions] = useState<ProjectOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      projects
        .list({ status: 'filed', keyword: keyword || undefined, pageSize: PICKER_PAGE_SIZE, sort: 'updatedAt,desc' })
        .then((page) => {
          if (!live) return;
          setOptions(page.list.map((p) => ({ value: p.id, label: `${p.name}${p.code ? `（${p.code}）` : ''} · ${p.unitName}` })));
        })
        .catch(() => undefined) // the picker stays as it was; the request layer has said why
        .finally(() => live && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [keyword]);

  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder="输入项目名称、编号或委托单位搜索已备案项目"
      notFoundContent={loading ? <Spin size="small" /> : '没有匹配的已备案项目'}
      options={options}
      aria-label="评审项目"
    />
  );
}

export interface ReviewTaskFieldsProps {
  record?: ReviewTaskDetail;
  reasons: Dictionary;
  categories: Dictionary;
  specialties: Dictionary;
}

export default function ReviewTaskFields({ record, reasons, categories, specialties }: ReviewTaskFieldsProps) {
  return (
    <>
      {record ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="评审项目">{record.projectName}</Descriptions.Item>
          <Descriptions.Item label="评估单位">{record.unitName}</Descriptions.Item>
        </Descriptions>
      ) : (
        <>
          <Form.Item name="projectId" label="评审项目" rules={[{ required: true, message: '请选择已备案的项目' }]} extra="只能对已备案的项目发起评审">
            <FiledProjectPicker />
          </Form.Item>
          <ProFormSelect name="reason" label="评审原因" options={optionsOf(reasons)} rules={[{ required: true, message: '请选择评审原因' }]} />
        </>
      )}
      <ReviewSettingsFields categories={categories} specialties={specialties} panelLocked={!!record && record.rounds > 0} />
    </>
  );
}
