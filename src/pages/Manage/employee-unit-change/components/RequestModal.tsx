/**
 * A new unit change request, with the reason and the release letter (放行函):
 * - a practitioner (申请变更单位) picks the approved unit to move to;
 * - a member unit (发起调入申请) names the practitioner by name and full ID number, which the
 *   server looks up exactly (a mismatch says only that nobody was found).
 * Rules repeat the server's; the list reloads when the request is in.
 */
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { PRACTITIONER_NAME_MAX, RELEASE_LETTERS_MAX, UNIT_CHANGE_REASON_MAX } from '@common/schemas/unitChanges';
import { checkIdCardNo } from '@common/validators';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';
import { itemIds, maxLength, required, uploadsDone } from '@/components/ListPage';
import type { MemberUnitOption } from '@common/schemas/memberUnits';
import { approvedUnitOptions, unitChanges } from '@/services/unitChanges';

export type RequestMode = 'practitioner' | 'unit';

export interface RequestModalProps {
  mode: RequestMode | null;
  /** The caller's unit: a practitioner cannot pick it as the new one. */
  currentUnitId: string | null;
  onClose: () => void;
  onDone: () => void;
}

interface RequestValues {
  toUnitId?: string;
  practitionerName?: string;
  idCardNo?: string;
  reason: string;
  releaseLetters: FileUploadItem[];
}

/** Images and PDF, as a scanned or signed letter comes; Word for a letter not yet printed. */
export const RELEASE_LETTER_ACCEPT = '.jpg,.jpeg,.png,.pdf,.doc,.docx';
export const RELEASE_LETTER_MAX_SIZE = 20 * 1024 * 1024;

const TITLES: Record<RequestMode, string> = { practitioner: '申请变更单位', unit: '发起调入申请' };

export default function RequestModal(props: RequestModalProps) {
  if (!props.mode) return null;
  return <RequestForm key={props.mode} {...props} mode={props.mode} />;
}

function RequestForm({ mode, currentUnitId, onClose, onDone }: RequestModalProps & { mode: RequestMode }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RequestValues>();
  const [busy, setBusy] = useState(false);
  const [units, setUnits] = useState<MemberUnitOption[] | null>(null);

  useEffect(() => {
    if (mode !== 'practitioner') return undefined;
    let live = true;
    approvedUnitOptions()
      .then((list) => live && setUnits(list.filter((u) => u.id !== currentUnitId)))
      .catch(() => live && setUnits([]));
    return () => {
      live = false;
    };
  }, [mode, currentUnitId]);

  const submit = async () => {
    let values: RequestValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setBusy(true);
    try {
      await unitChanges.create({
        ...(mode === 'practitioner'
          ? { toUnitId: values.toUnitId }
          : { practitionerName: values.practitionerName?.trim(), idCardNo: values.idCardNo?.trim().toUpperCase() }),
        reason: values.reason.trim(),
        releaseLetterFileIds: itemIds(values.releaseLetters),
      });
      message.success('单位变更申请已提交，等待原单位放行');
      onClose();
      onDone();
    } catch {
      // The request layer has shown the server's message; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={TITLES[mode]}
      okText="提交申请"
      okButtonProps={{ loading: busy }}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="办理流程：提交申请 → 原单位放行 → 协会审批"
        description="协会审批通过后，从业人员的所在单位、登录账号和证书一并转入新单位。原单位放行前，申请方可以撤回。"
      />
      <Form form={form} layout="vertical" initialValues={{ releaseLetters: [] }} preserve={false}>
        {mode === 'practitioner' ? (
          <Form.Item name="toUnitId" label="调入单位" rules={[{ required: true, message: '请选择调入单位' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={units === null}
              placeholder="输入单位名称搜索（仅列出已通过入会审核的会员单位）"
              notFoundContent={units === null ? '加载中…' : '没有可选的单位'}
              options={(units ?? []).map((u) => ({ label: u.name, value: u.id }))}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="practitionerName" label="从业人员姓名" rules={[required('从业人员姓名'), maxLength('从业人员姓名', PRACTITIONER_NAME_MAX)]}>
              <Input placeholder="与登记信息一致的姓名" maxLength={PRACTITIONER_NAME_MAX} />
            </Form.Item>
            <Form.Item
              name="idCardNo"
              label="身份证号码"
              extra="按完整的 18 位身份证号码精确查找，仅用于核对身份，不会显示给您。"
              rules={[
                required('身份证号码'),
                { validator: (_rule, value?: string) => (!value?.trim() ? Promise.resolve() : checkMessage(value)) },
              ]}
            >
              <Input placeholder="18 位身份证号码" maxLength={18} autoComplete="off" />
            </Form.Item>
          </>
        )}
        <Form.Item name="reason" label="变更原因" rules={[required('变更原因', '请填写'), maxLength('变更原因', UNIT_CHANGE_REASON_MAX)]}>
          <Input.TextArea rows={4} showCount maxLength={UNIT_CHANGE_REASON_MAX} placeholder="如：已与新单位签订劳动合同" />
        </Form.Item>
        <Form.Item
          name="releaseLetters"
          label="放行函"
          required
          extra={`原单位出具的放行函（解除劳动关系证明），图片、PDF 或 Word，最多 ${RELEASE_LETTERS_MAX} 个，单个不超过 20 MB`}
          rules={[
            { validator: (_rule, value?: FileUploadItem[]) => (value?.length ? Promise.resolve() : Promise.reject(new Error('请上传放行函'))) },
            uploadsDone,
          ]}
        >
          <FileUpload multiple accept={RELEASE_LETTER_ACCEPT} maxCount={RELEASE_LETTERS_MAX} maxSize={RELEASE_LETTER_MAX_SIZE} buttonText="上传放行函" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function checkMessage(value: string): Promise<void> {
  const problem = checkIdCardNo(value);
  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
}
