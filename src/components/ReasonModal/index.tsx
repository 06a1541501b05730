/**
 * The one dialog for a step that takes a reason or a comment (驳回, 暂停, 注销, 退回修改, 放行,
 * 审批, 年检通过 …): a title naming the record, what the step will do (a line of text or an
 * Alert), the reason (required, not blank, at most the schema's length; or an optional
 * comment), any fields of its own above it (离职日期), an optional last confirmation, and the
 * call. A refused call keeps the dialog open with the server's message beside the field
 * (../FormModal does the asking and sending for every step dialog).
 *
 *   const [step, setStep] = useState<ReasonRequest | null>(null);
 *   setStep({
 *     title: `驳回「${r.name}」的登记`, label: '驳回原因', okText: '驳回', danger: true,
 *     max: PRACTITIONER_REASON_MAX, run: (reason) => rejectPractitioner(r.id, { reason, version: r.version }),
 *     successMessage: `已驳回「${r.name}」`, onDone: reload,
 *   });
 *   <ReasonModal request={step} onClose={() => setStep(null)} />
 */
import { Alert, Form, Input, type AlertProps } from 'antd';
import type { ReactNode } from 'react';
import FormModal from '@/components/FormModal';

export interface ReasonRequest<R = unknown, F extends object = object> {
  /** The dialog's title; it names the record (驳回「张三」的登记, 放行：张三 从 A 调往 B). */
  title: ReactNode;
  /** What happens, shown above the field as text. */
  description?: ReactNode;
  /** Or as an Alert (its type, the effect in its title and description). */
  alert?: { type: NonNullable<AlertProps['type']>; title: ReactNode; description?: ReactNode };
  /** The field's name: 驳回原因, 暂停原因, 审核意见 … */
  label: string;
  /** A comment that may stay empty (放行意见, 审核意见); otherwise the reason is required. */
  optional?: boolean;
  okText: string;
  danger?: boolean;
  placeholder?: string;
  /** The longest text the server takes (the schema's *_REASON_MAX). */
  max: number;
  /** Under the field, e.g. who will read the reason. */
  extra?: ReactNode;
  /** Form items of the step's own, above the reason (离职日期); their values reach `run`. */
  fields?: ReactNode;
  initialValues?: Partial<F>;
  /** Asked once more, after the form is valid and before the call (a step that cannot be undone). */
  confirm?: { title: ReactNode; content: ReactNode; okText: string; danger?: boolean };
  /**
   * The call, with the trimmed reason ('' for an empty optional comment) and the fields.
   * (Methods, so that a page can keep steps with fields of their own in one state.)
   */
  run(reason: string, fields: F): Promise<R>;
  /** Toasted after a successful call. */
  successMessage?: string | ((result: R) => string);
  /** After a successful call (a toast of the page's own, a reload). The dialog then closes. */
  onDone(result: R): void;
}

type Values<F> = F & { reason?: string };

export default function ReasonModal<R, F extends object>({ request, onClose }: { request: ReasonRequest<R, F> | null; onClose: () => void }) {
  const [form] = Form.useForm<Values<F>>();
  const label = request?.label ?? '原因';
  const max = request?.max ?? 0;
  return (
    <FormModal<Values<F>, R>
      open={request !== null}
      title={request?.title}
      okText={request?.okText ?? '确定'}
      danger={request?.danger}
      form={form}
      initialValues={request?.initialValues}
      width={520}
      intro={
        <>
          {request?.alert && (
            <Alert type={request.alert.type} showIcon style={{ marginBottom: 16 }} title={request.alert.title} description={request.alert.description} />
          )}
          {request?.description && <div style={{ marginBottom: 16 }}>{request.description}</div>}
        </>
      }
      confirm={() => request?.confirm ?? null}
      send={(values) => {
        if (!request) return Promise.reject(new Error('没有要办理的步骤'));
        return request.run(values.reason?.trim() ?? '', values);
      }}
      successMessage={request?.successMessage}
      onDone={(result) => request?.onDone(result)}
      onClose={onClose}
    >
      {request?.fields}
      <Form.Item
        name="reason"
        label={label}
        rules={[
          ...(request?.optional ? [] : [{ required: true, whitespace: true, message: `请填写${label}` }]),
          { max, message: `${label}不能超过 ${max} 个字符` },
        ]}
        extra={request?.extra}
      >
        <Input.TextArea rows={4} placeholder={request?.placeholder} showCount maxLength={max} />
      </Form.Item>
    </FormModal>
  );
}
