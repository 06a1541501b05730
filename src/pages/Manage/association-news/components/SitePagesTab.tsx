/**
 * 网站页面: the five site pages (协会简介, 联系我们, 页脚信息, 免责声明, 隐私政策). Pick one,
 * edit its title, its content (the footer has none) and its structured fields (contact and
 * footer), and save with the version it was read at. The chosen page is in the URL (?page=).
 */
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { useSearchParams } from '@umijs/max';
import { Alert, App, Button, Card, Col, Form, Input, Result, Row, Segmented, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { CONTENT_MAX, type SitePageRecord } from '@common/schemas/content';
import { SITE_PAGE_KEYS, SitePageData, type SitePageKey } from '@common/schemas/sitePages';
import { ConflictAlert, formatDateTime, maxLength, required } from '@/components/ListPage';
import RichTextEditor, { imagesUploadedRule } from '@/components/RichTextEditor';
import { isApiError } from '@/requestErrors';
import { sitePages } from '@/services/content';

export const SITE_PAGE_LABELS: Record<SitePageKey, string> = {
  about: '协会简介',
  contact: '联系我们',
  footer: '页脚信息',
  disclaimer: '免责声明',
  privacy: '隐私政策',
  terms: '用户协议',
};

type DataKey = keyof SitePageData;

/** The structured fields each page has, in order (SPEC: contact and footer). */
const DATA_FIELDS: Partial<Record<SitePageKey, DataKey[]>> = {
  contact: ['postalAddress', 'postcode', 'phone', 'fax', 'email', 'contactHours'],
  footer: ['associationName', 'postalAddress', 'phone', 'icpNumber', 'publicSecurityRecord', 'copyright'],
};

/** A field's Chinese name and length limit, read from the shared schema (the server's rules). */
function fieldRule(key: DataKey): { label: string; max: number } {
  const schema: object = SitePageData.properties[key];
  const label = 'title' in schema && typeof schema.title === 'string' ? schema.title : key;
  const max = 'maxLength' in schema && typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  return { label, max };
}

const PAGE_TITLE_MAX = 100;

interface SitePageValues {
  title: string;
  content: string;
  data: SitePageData;
}

function isSitePageKey(value: string | null): value is SitePageKey {
  return !!value && (SITE_PAGE_KEYS as readonly string[]).includes(value);
}

function SitePageEditor({ pageKey }: { pageKey: SitePageKey }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SitePageValues>();
  const [record, setRecord] = useState<SitePageRecord | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasBody = pageKey !== 'footer';
  const fields = DATA_FIELDS[pageKey] ?? [];

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      const page = await sitePages.get(pageKey);
      setRecord(page);
      form.setFieldsValue({ title: page.title, content: page.content, data: page.data });
      setStatus('ready');
      return true;
    } catch {
      setStatus('failed');
      return false;
    }
  }, [form, pageKey]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: SitePageValues) => {
    if (!record) return;
    setSaving(true);
    setConflict(false);
    setError(null);
    try {
      const data = Object.fromEntries(fields.map((k) => [k, (values.data?.[k] ?? '').trim()])) as SitePageData;
      await sitePages.update(pageKey, {
        title: values.title.trim(),
        content: hasBody ? (values.content ?? '') : '',
        data: fields.length ? { ...record.data, ...data } : record.data,
        version: record.version,
      });
      message.success(`${SITE_PAGE_LABELS[pageKey]}已保存`);
      await load();
    } catch (err) {
      if (isApiError(err) && err.httpStatus === 409) setConflict(true);
      else setError(err instanceof Error && err.message ? err.message : '保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  if (status === 'failed') {
    return <Result status="warning" title="页面内容加载失败" extra={<Button onClick={() => void load()}>重试</Button>} />;
  }

  return (
    <Form<SitePageValues> form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={status !== 'ready'}>
      {conflict && (
        <ConflictAlert style={{ marginBottom: 16 }} onReload={() => void load().then((ok) => ok && setConflict(false))} />
      )}
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} />}
      {status === 'loading' && !record ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Form.Item name="title" label="页面标题" rules={[required('页面标题'), maxLength('页面标题', PAGE_TITLE_MAX)]}>
            <Input placeholder="请输入页面标题" showCount />
          </Form.Item>
          {fields.length > 0 && (
            <Row gutter={16}>
              {fields.map((key) => {
                const { label, max } = fieldRule(key);
                return (
                  <Col xs={24} md={12} key={key}>
                    <Form.Item
                      name={['data', key]}
                      label={label}
                      rules={[maxLength(label, max), ...(key === 'email' ? [{ type: 'email' as const, message: '请输入正确的电子邮箱' }] : [])]}
                    >
                      <Input placeholder={`请输入${label}`} />
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
          )}
          {hasBody && (
            <Form.Item name="content" label="正文" rules={[maxLength('正文', CONTENT_MAX), imagesUploadedRule]}>
              <RichTextEditor placeholder="请输入页面正文…" />
            </Form.Item>
          )}
          <Space>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
              保存
            </Button>
            {record && <Typography.Text type="secondary">最后修改：{formatDateTime(record.updatedAt)}</Typography.Text>}
          </Space>
        </>
      )}
    </Form>
  );
}

export default function SitePagesTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = searchParams.get('page');
  const pageKey: SitePageKey = isSitePageKey(current) ? current : 'about';
  return (
    <Card>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Segmented<SitePageKey>
          value={pageKey}
          options={SITE_PAGE_KEYS.map((key) => ({ value: key, label: SITE_PAGE_LABELS[key] }))}
          onChange={(key) => {
            const next = new URLSearchParams(searchParams);
            next.set('page', key);
            setSearchParams(next, { replace: true });
          }}
        />
        <SitePageEditor key={pageKey} pageKey={pageKey} />
      </Space>
    </Card>
  );
}
