/**
 * Pieces the project and the business-case pages share: a dictionary's options (the seed's
 * items at once, then the server's) and the dialog that asks for a reason (退回修改, 驳回) before anything is sent.
 */
import { App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { DICTIONARIES, type DictionaryCode } from '@common/dictionaries';
import { getDictItems } from '@/services/dict';

export interface DictOptions {
  options: { label: string; value: string }[];
  /** value → label, the seed's included, so that an item disabled later still reads well. */
  labels: Map<string, string>;
}

function seedOf(code: DictionaryCode): { label: string; value: string }[] {
  return (DICTIONARIES.find((d) => d.code === code)?.items ?? []).map((i) => ({ label: i.label, value: i.value }));
}

export function useDictOptions(code: DictionaryCode): DictOptions {
  const [items, setItems] = useState(() => seedOf(code));
  useEffect(() => {
    let live = true;
    getDictItems(code)
      .then((list) => live && setItems(list.map((i) => ({ label: i.label, value: i.value }))))
      .catch(() => undefined); // the seed's items stay
    return () => {
      live = false;
    };
  }, [code]);
  return { options: items, labels: new Map([...seedOf(code), ...items].map((i) => [i.value, i.label])) };
}

export function labelOf(dict: DictOptions, value: string | null | undefined): string {
  if (!value) return '-';
  return dict.labels.get(value) ?? value;
}

/** ProTable's select filter: value → { text }. */
export function valueEnumOf(dict: DictOptions): Record<string, { text: string }> {
  return Object.fromEntries(dict.options.map((o) => [o.value, { text: o.label }]));
}

export interface ReasonModalProps {
  /** The dialog's title, e.g. 退回「…」修改. */
  title: string;
  /** The field's name and the button: 退回原因 / 退回, 驳回原因 / 驳回. */
  label: string;
  okText: string;
  placeholder: string;
  max: number;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
  /** After a success: the toast and the caller's reload. */
  successMessage: string;
  onDone: () => void;
}

/** Asks for a reason (required) and sends it; the dialog stays open when the call fails. */
export function ReasonModal({ title, label, okText, placeholder, max, onSubmit, onClose, successMessage, onDone }: ReasonModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form says what is missing
    setBusy(true);
    try {
      await onSubmit(values.reason.trim());
      message.success(successMessage);
      onDone();
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={title} okText={okText} okButtonProps={{ danger: true, loading: busy }} cancelText="取消" onOk={() => void submit()} onCancel={onClose}>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请填写${label}` },
            { max, message: `${label}不能超过 ${max} 个字` },
          ]}
          extra="原因会通知提交单位，请写明需要补充或更正的内容"
        >
          <Input.TextArea rows={4} maxLength={max} showCount placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The last ten years (this one first), for a year filter: a Map, since an object would sort numeric keys up. */
export function recentYears(count = 10): Map<string, { text: string }> {
  const year = new Date().getFullYear();
  return new Map(Array.from({ length: count }, (_, i) => [String(year - i), { text: `${year - i}年` }] as const));
}
