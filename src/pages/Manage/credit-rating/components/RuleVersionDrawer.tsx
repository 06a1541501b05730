/**
 * 修订规则: a new rules version, prefilled from the one in force (base score, tiers, each kind's
 * points and term; the dictionary's kinds the version does not list yet at 0 points and 12
 * months). The form checks what the server checks (A > B > C, a kind's points agree with its
 * polarity, the bounds), asks before it saves, and says when someone made a version in between
 * (409): the latest is loaded and the form starts again from it. A form with changes asks
 * before it closes.
 */
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { builtInPolarityOf, CREDIT_POLARITY_LABELS, pointsAgreeWith, type CreditPolarity } from '@common/credit';
import {
  CREDIT_MESSAGES as M,
  CREDIT_POINTS_MAX,
  CREDIT_POINTS_MIN,
  CREDIT_REASON_MAX,
  CREDIT_SCORE_MAX,
  CREDIT_SCORE_MIN,
  CREDIT_TERM_MONTHS_MAX,
  CREDIT_TERM_MONTHS_MIN,
  type CreditRuleCreateBody,
  type CreditRuleVersionRecord,
} from '@common/schemas/credit';
import { orNull } from '@/components/ListPage';
import { useFormChanges } from '@/hooks/useFormChanges';
import { useUnsavedChanges } from '@/hooks/useUnsavedChanges';
import { isApiError } from '@/requestErrors';
import { createCreditRule } from '@/services/credit';

interface KindRow {
  kind: string;
  label: string;
  polarity: CreditPolarity | null;
  points: number | null;
  termMonths: number | null;
}

interface RuleValues {
  baseScore: number | null;
  tiers: { A: number | null; B: number | null; C: number | null };
  kinds: KindRow[];
  note?: string;
}

export function ruleValuesOf(base: CreditRuleVersionRecord): RuleValues {
  return {
    baseScore: base.baseScore,
    tiers: { ...base.tiers },
    kinds: [
      ...base.kinds.map((k) => ({ kind: k.kind, label: k.label, polarity: k.polarity, points: k.points, termMonths: k.termMonths })),
      ...base.uncoveredKinds.map((k) => ({ kind: k.kind, label: k.label, polarity: builtInPolarityOf(k.kind), points: 0, termMonths: 12 })),
    ],
    note: '',
  };
}

export function toRuleBody(base: CreditRuleVersionRecord, values: RuleValues): CreditRuleCreateBody {
  const note = orNull(values.note);
  return {
    basedOnVersionNo: base.versionNo,
    baseScore: values.baseScore ?? 0,
    tiers: { A: values.tiers.A ?? 0, B: values.tiers.B ?? 0, C: values.tiers.C ?? 0 },
    kinds: values.kinds.map((k) => ({ kind: k.kind, points: k.points ?? 0, termMonths: k.termMonths ?? 0 })),
    ...(note ? { note } : {}),
  };
}

const scoreRules = (label: string) => [{ required: true, message: `请填写${label}` }];

export interface RuleVersionDrawerProps {
  open: boolean;
  /** The version in force, the new one's starting point. */
  base: CreditRuleVersionRecord | null;
  onClose: () => void;
  onSaved: () => void;
  /** Another version was made in between: load the versions again. */
  onStale: () => void;
}

export default function RuleVersionDrawer({ open, base, onClose, onSaved, onStale }: RuleVersionDrawerProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<RuleValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const changes = useFormChanges(form);
  const { markClean } = changes;
  const guard = useUnsavedChanges(open && changes.dirty, { onDiscard: markClean });

  // Each opening, and a newer version loaded after a 409, starts from the version in force (the
  // form, keyed by the version, starts again from it).
  useEffect(() => {
    if (!open || !base) return;
    markClean();
    setStale(false);
    setError(null);
  }, [open, base, markClean]);

  const save = async (values: RuleValues, from: CreditRuleVersionRecord) => {
    setBusy(true);
    setError(null);
    try {
      const said = await createCreditRule(toRuleBody(from, values));
      markClean();
      message.success(said.message || '已生成新版本');
      onSaved();
      onClose();
    } catch (err) {
      if (isApiError(err) && err.httpStatus === 409) setStale(true);
      else setError(err instanceof Error && err.message ? err.message : '保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!base) return;
    if (!(await form.validateFields().catch(() => null))) return;
    // Every value, the kinds' names too (they have no field of their own).
    const values = form.getFieldsValue(true) as RuleValues;
    modal.confirm({
      title: `生成第 ${base.versionNo + 1} 版信用评价规则？`,
      content: `新登记的信用记录和此后启动的年度评价按新版本执行；已登记的记录分值不变，已启动的年度${base.usedByYears.length ? `（${base.usedByYears.join('、')}年度）` : ''}仍按其启动时的版本评价。`,
      okText: '生成新版本',
      cancelText: '取消',
      autoFocusButton: 'cancel',
      onOk: () => save(values, base),
    });
  };

  const tierOrder = ({ getFieldValue }: { getFieldValue: (name: (string | number)[]) => unknown }) => ({
    validator: () => {
      const [a, b, c] = (['A', 'B', 'C'] as const).map((t) => getFieldValue(['tiers', t]));
      if (typeof a !== 'number' || typeof b !== 'number' || typeof c !== 'number') return Promise.resolve();
      return a > b && b > c ? Promise.resolve() : Promise.reject(new Error(M.tiersOrder));
    },
  });

  return (
    <Drawer
      open={open}
      onClose={() => guard.confirmDiscard(onClose)}
      size={760}
      title={base ? `修订信用评价规则（基于第 ${base.versionNo} 版）` : '修订信用评价规则'}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => guard.confirmDiscard(onClose)}>取消</Button>
          <Button type="primary" loading={busy} disabled={!base} onClick={() => void submit()}>
            生成新版本
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="已启动的年度评价仍按其启动时的规则版本计分，不受本次修订影响。"
        description="新版本用于此后登记的信用记录和新启动的年度评价；各类型的性质（不良行为扣分、表彰加分）不能改变。"
      />
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={M.ruleStale}
          action={
            <Button size="small" onClick={onStale}>
              加载最新版本
            </Button>
          }
        />
      )}
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} closable={{ onClose: () => setError(null) }} />}
      <div {...changes.captureProps}>
        <Form<RuleValues> key={base?.id} form={form} layout="vertical" initialValues={base ? ruleValuesOf(base) : undefined} onValuesChange={() => changes.recheck()}>
          <Form.Item name="baseScore" label="基础分" rules={scoreRules('基础分')}>
            <InputNumber min={CREDIT_SCORE_MIN} max={CREDIT_SCORE_MAX} precision={0} aria-label="基础分" style={{ width: 140 }} />
          </Form.Item>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            等级分数线（不低于该分数即为该等级，C 级以下为 D 级）
          </Typography.Title>
          <Space wrap size={16} align="start">
            {(['A', 'B', 'C'] as const).map((t) => (
              <Form.Item
                key={t}
                name={['tiers', t]}
                label={`${t} 级分数线`}
                dependencies={(['A', 'B', 'C'] as const).filter((x) => x !== t).map((x) => ['tiers', x])}
                rules={[...scoreRules(`${t} 级分数线`), tierOrder]}
              >
                <InputNumber min={CREDIT_SCORE_MIN} max={CREDIT_SCORE_MAX} precision={0} aria-label={`${t} 级分数线`} style={{ width: 120 }} />
              </Form.Item>
            ))}
          </Space>
          <Typography.Title level={5}>各类型分值与公示期限</Typography.Title>
          <Form.List name="kinds">
            {(fields) =>
              fields.map((field) => {
                const row = form.getFieldValue(['kinds', field.name]) as KindRow | undefined;
                const label = row?.label ?? '';
                const polarity = row?.polarity ?? null;
                return (
                  <div key={field.key} style={{ display: 'flex', flexWrap: 'wrap', gap: '0 16px', alignItems: 'flex-start', borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
                    <div style={{ flex: '1 1 200px', minWidth: 0, paddingTop: 4 }}>
                      <Typography.Text strong>{label}</Typography.Text>
                      <div>
                        <Typography.Text type="secondary">{polarity ? CREDIT_POLARITY_LABELS[polarity] : '新增类型（逐条选择性质）'}</Typography.Text>
                      </div>
                    </div>
                    <Form.Item
                      name={[field.name, 'points']}
                      label="分值"
                      rules={[
                        { required: true, message: '请填写分值' },
                        {
                          validator: (_r, value: number | null | undefined) =>
                            typeof value !== 'number' || !polarity || pointsAgreeWith(polarity, value) ? Promise.resolve() : Promise.reject(new Error(M.rulePointsDisagree(label))),
                        },
                      ]}
                    >
                      <InputNumber min={CREDIT_POINTS_MIN} max={CREDIT_POINTS_MAX} precision={0} aria-label={`${label}的分值`} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'termMonths']} label="公示期限（月）" rules={[{ required: true, message: '请填写公示期限' }]}>
                      <InputNumber
                        min={CREDIT_TERM_MONTHS_MIN}
                        max={CREDIT_TERM_MONTHS_MAX}
                        precision={0}
                        aria-label={`${label}的公示期限（月）`}
                        style={{ width: 120 }}
                      />
                    </Form.Item>
                  </div>
                );
              })
            }
          </Form.List>
          <Form.Item name="note" label="修订说明" rules={[{ max: CREDIT_REASON_MAX, message: `修订说明不能超过 ${CREDIT_REASON_MAX} 个字符` }]}>
            <Input.TextArea rows={3} showCount maxLength={CREDIT_REASON_MAX} placeholder="如：依据新修订的《会员单位信用评价办法》调整虚假报告扣分" />
          </Form.Item>
        </Form>
      </div>
    </Drawer>
  );
}
