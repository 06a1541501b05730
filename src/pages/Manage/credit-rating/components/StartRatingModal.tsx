/**
 * 启动年度评价: the year (not in the future), then a question naming the rules version that will
 * rate it (the version in force now: the year keeps it, whatever is revised later) with its base
 * and tiers. The server scores every approved unit (初评, not public) and says how many.
 */
import { Alert, App, Form, Modal, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { beijingYear } from '@common/calendar';
import type { CreditRuleVersionRecord } from '@common/schemas/credit';
import { listCreditRules, startCreditRating } from '@/services/credit';

export interface StartRatingModalProps {
  open: boolean;
  onClose: () => void;
  onStarted: (id: string) => void;
}

type Rules = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; version: CreditRuleVersionRecord | null };

/** "基础分 100；A ≥ 90，B 75–89，C 60–74，D < 60". */
export function rulesSummary(version: Pick<CreditRuleVersionRecord, 'baseScore' | 'tiers'>): string {
  const { A, B, C } = version.tiers;
  return `基础分 ${version.baseScore}；A 级 ≥ ${A}，B 级 ${B}–${A - 1}，C 级 ${C}–${B - 1}，D 级 < ${C}`;
}

const YEARS_OFFERED = 6;

export default function StartRatingModal({ open, onClose, onStarted }: StartRatingModalProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ year: number }>();
  const [rules, setRules] = useState<Rules>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  // Rating years are Beijing years, whatever zone the browser's clock is in (common/calendar.ts).
  const thisYear = beijingYear();

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    setRules({ status: 'loading' });
    listCreditRules()
      .then((versions) => live && setRules({ status: 'ready', version: versions.find((v) => v.inForce) ?? versions[0] ?? null }))
      .catch(() => live && setRules({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [open]);

  const start = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || rules.status !== 'ready' || !rules.version) return;
    const { version } = rules;
    modal.confirm({
      title: `按第 ${version.versionNo} 版规则启动${values.year}年度信用评价？`,
      content: (
        <>
          <p>{rulesSummary(version)}。</p>
          <p>
            将为全部已通过入会审核的会员单位计算{values.year}年度的初评得分（计入该年发生的有效信用记录）。启动后该年度始终按第 {version.versionNo}{' '}
            版规则评价，此后修订规则不影响该年度。初评结果不公开，发布公示后才向社会公开。
          </p>
        </>
      ),
      okText: '启动',
      cancelText: '取消',
      autoFocusButton: 'cancel',
      onOk: async () => {
        setBusy(true);
        try {
          const said = await startCreditRating(values.year);
          message.success(said.message || `已启动${values.year}年度信用评价`);
          onClose();
          onStarted(said.data.id);
        } catch {
          // The request layer has said why (the year already started, a year to come).
        } finally {
          setBusy(false);
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      title="启动年度信用评价"
      okText="下一步"
      cancelText="取消"
      okButtonProps={{ loading: busy, disabled: rules.status !== 'ready' || !rules.version }}
      onOk={() => void start()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ year: thisYear - 1 }}>
        <Form.Item name="year" label="评价年度" rules={[{ required: true, message: '请选择评价年度' }]} extra="每个年度只能启动一次；不能评价尚未到来的年度">
          <Select
            aria-label="评价年度"
            options={Array.from({ length: YEARS_OFFERED }, (_, i) => thisYear - i).map((y) => ({ value: y, label: `${y}年度` }))}
          />
        </Form.Item>
      </Form>
      {rules.status === 'loading' && <Skeleton active paragraph={{ rows: 1 }} />}
      {rules.status === 'failed' && <Alert type="error" showIcon title="现行评价规则加载失败，请关闭后重试" />}
      {rules.status === 'ready' && rules.version && (
        <Alert
          type="info"
          showIcon
          title={`将按现行第 ${rules.version.versionNo} 版规则评价`}
          description={<Typography.Text>{rulesSummary(rules.version)}</Typography.Text>}
        />
      )}
    </Modal>
  );
}
