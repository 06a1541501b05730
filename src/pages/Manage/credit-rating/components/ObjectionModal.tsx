/**
 * 提出异议: a member unit, during 公示 (up to its last day), on its own score, once per year:
 * what it disputes and why, with supporting files. Asked once more before it is sent (it cannot
 * be changed or filed again).
 */
import { CREDIT_FILES_MAX, CREDIT_MESSAGES as M, CREDIT_OBJECTION_MAX, type CreditRatingUnitDetail } from '@common/schemas/credit';
import StatementModal from '@/components/StatementModal';
import { fileCreditObjection } from '@/services/credit';

export interface ObjectionModalProps {
  score: CreditRatingUnitDetail | null;
  onClose: () => void;
  onDone: () => void;
}

export default function ObjectionModal({ score, onClose, onDone }: ObjectionModalProps) {
  return (
    <StatementModal
      open={score !== null}
      title={score ? `对${score.year}年度信用评价提出异议` : '提出异议'}
      okText="提交异议"
      notice={{
        title: score ? `本单位得分 ${score.score} 分（${score.tier} 级），公示期至 ${score.publicityUntil ?? '-'}` : '',
        description: '请写明对哪一条信用记录或计分有异议、理由及依据，并附证明材料。',
      }}
      textLabel="异议内容"
      textRequired={M.objectionContentRequired}
      textMax={CREDIT_OBJECTION_MAX}
      placeholder="如：2025-12-10 登记的“其他违规行为”与事实不符，理由如下……"
      filesMax={CREDIT_FILES_MAX}
      confirm={{
        title: `提交对${score?.year ?? ''}年度信用评价的异议？`,
        content: '每家单位每个年度只能提出一次异议，提交后不能修改。协会将在终评前答复。',
      }}
      send={async ({ text, fileIds }) => {
        if (!score) throw new Error('没有要提出异议的信用评价');
        const said = await fileCreditObjection(score.ratingId, { content: text, fileIds });
        return said.message || '异议已提交';
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
