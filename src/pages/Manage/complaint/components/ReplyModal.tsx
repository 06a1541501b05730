/**
 * 书面申辩: the unit complained about answers in writing, with its evidence, by the answer's
 * deadline, once. The server refuses a late or second answer with its own words, shown here.
 */
import { deadlineText } from '@common/complaintDeadlines';
import { COMPLAINT_ANSWER_MAX, COMPLAINT_FILES_MAX, type ComplaintListItem } from '@common/schemas/complaints';
import StatementModal from '@/components/StatementModal';
import { replyToComplaint } from '@/services/complaints';
import { complaintName } from './complaintWords';

export interface ReplyModalProps {
  complaint: ComplaintListItem | null;
  onClose: () => void;
  onDone: () => void;
}

export default function ReplyModal({ complaint, onClose, onDone }: ReplyModalProps) {
  const due = complaint?.deadline?.step === 'answer' ? complaint.deadline : null;
  return (
    <StatementModal
      open={complaint !== null}
      title={complaint ? `书面申辩：${complaintName(complaint)}` : '书面申辩'}
      okText="提交申辩"
      notice={{
        title: due ? `请于 ${due.dueOn} 前提交（${deadlineText(due.daysLeft)}），提交后不能修改。` : '提交后不能修改。',
        description: '请如实说明情况并附证明材料；逾期未申辩的，协会将依据查明的事实办结。',
      }}
      textLabel="申辩内容"
      textRequired="请填写书面申辩内容"
      textMax={COMPLAINT_ANSWER_MAX}
      placeholder="针对投诉举报的内容逐项说明"
      filesMax={COMPLAINT_FILES_MAX}
      send={async ({ text, fileIds }) => {
        if (!complaint) throw new Error('没有要申辩的投诉举报');
        await replyToComplaint(complaint.id, { version: complaint.version, answer: text, fileIds });
        return '书面申辩已提交';
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
