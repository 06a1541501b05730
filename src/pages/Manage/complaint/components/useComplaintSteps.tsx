/**
 * The steps of a complaint, for the list's row buttons and the detail drawer alike: 受理 (an
 * optional note the complainant reads), 不予受理 (a reason, required), 办结 (属实 / 部分属实 /
 * 不属实 and the handling) in ReasonModal, and the unit's 书面申辩 in ./ReplyModal.tsx. Each is
 * sent with the version the page read; the caller says what to reload afterwards.
 */
import { Form, Radio } from 'antd';
import { useState } from 'react';
import { COMPLAINT_CONCLUSION_LABELS, COMPLAINT_CONCLUSIONS, type ComplaintConclusion } from '@common/credit';
import { COMPLAINT_HANDLING_MAX, COMPLAINT_NOTE_MAX, type ComplaintListItem } from '@common/schemas/complaints';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import { acceptComplaint, concludeComplaint, declineComplaint } from '@/services/complaints';
import { complaintName } from './complaintWords';
import ReplyModal from './ReplyModal';

interface ConcludeFields {
  conclusion?: ComplaintConclusion;
}

export function useComplaintSteps(onDone: () => void) {
  const [step, setStep] = useState<ReasonRequest<null, ConcludeFields> | null>(null);
  const [replying, setReplying] = useState<ComplaintListItem | null>(null);

  const accept = (r: ComplaintListItem) =>
    setStep({
      title: `受理${complaintName(r)}`,
      alert: {
        type: 'info',
        title: '受理后将通知被投诉单位在 10 日内书面申辩，并以短信或邮件告知投诉人。',
        description: r.unitName ? `被投诉单位：${r.unitName}` : undefined,
      },
      label: '受理说明',
      optional: true,
      placeholder: '选填，投诉人查询进度时可以看到',
      extra: '投诉人可见；不填时告知投诉人“协会已受理，已通知被投诉单位书面说明情况”。',
      max: COMPLAINT_NOTE_MAX,
      okText: '受理',
      run: (note) => acceptComplaint(r.id, { version: r.version, ...(note ? { note } : {}) }),
      successMessage: '已受理，已通知被投诉单位书面申辩',
      onDone,
    });

  const decline = (r: ComplaintListItem) =>
    setStep({
      title: `不予受理${complaintName(r)}`,
      alert: { type: 'warning', title: '不予受理后本件办理终结，被投诉单位不会收到通知；理由将告知投诉人。' },
      label: '不予受理理由',
      placeholder: '如：不属于本协会会员单位的稳评业务，建议向有关部门反映',
      extra: '投诉人可见。',
      max: COMPLAINT_NOTE_MAX,
      okText: '不予受理',
      danger: true,
      run: (reason) => declineComplaint(r.id, { version: r.version, reason }),
      successMessage: '已不予受理',
      onDone,
    });

  const conclude = (r: ComplaintListItem) =>
    setStep({
      title: `办结${complaintName(r)}`,
      alert: {
        type: 'warning',
        title: '办结后不能修改。结论为“属实”或“部分属实”的，系统将自动为被投诉单位登记一条不良行为记录（计入信用评价）。',
      },
      fields: (
        <Form.Item name="conclusion" label="办理结论" rules={[{ required: true, message: '请选择办理结论' }]}>
          <Radio.Group options={COMPLAINT_CONCLUSIONS.map((c) => ({ value: c, label: COMPLAINT_CONCLUSION_LABELS[c] }))} />
        </Form.Item>
      ),
      label: '处理结果',
      placeholder: '写明调查核实的情况和处理措施',
      extra: '投诉人和被投诉单位可见。',
      max: COMPLAINT_HANDLING_MAX,
      okText: '办结',
      confirm: { title: '确定办结吗？', content: '办结后结论和处理结果不能修改，并通知投诉人和被投诉单位。', okText: '办结' },
      run: async (handling, fields) => {
        // The form requires it; ReasonModal shows this beside the field should it be missing.
        if (!fields.conclusion) throw new Error('请选择办理结论');
        return concludeComplaint(r.id, { version: r.version, conclusion: fields.conclusion, handling });
      },
      successMessage: '已办结',
      onDone,
    });

  const dialogs = (
    <>
      <ReasonModal request={step} onClose={() => setStep(null)} />
      <ReplyModal complaint={replying} onClose={() => setReplying(null)} onDone={onDone} />
    </>
  );

  return { accept, decline, conclude, reply: setReplying, dialogs };
}
