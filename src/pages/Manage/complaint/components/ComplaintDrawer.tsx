/**
 * 投诉举报详情: one complaint loaded fresh in a drawer. Where it stands and its deadline, whom it
 * is about, (for staff) who complained with the phone and e-mail masked and 查看 for those
 * allowed, what happened with the complainant's attachments, the decision, the unit's written
 * answer and its files, the outcome, and each step. Every button is one of the complaint's
 * `actions` (the server's answer for this caller).
 */
import { Button, Card, Descriptions, Drawer, Space, Timeline, Typography } from 'antd';
import { COMPLAINT_KIND_LABELS, COMPLAINT_STEP_LABELS } from '@common/credit';
import type { ComplaintDetail, ComplaintRevealField } from '@common/schemas/complaints';
import { formatDateTime } from '@/components/ListPage';
import MaskedValue from '@/components/MaskedValue';
import RecordFiles from '@/components/RecordFiles';
import RecordView from '@/components/RecordView';
import { StatusBadge } from '@/components/ReviewedSubject';
import { useAccessFlags } from '@/hooks/useCan';
import { useRecord } from '@/hooks/useRecord';
import { getComplaint, revealComplainant } from '@/services/complaints';
import { COMPLAINT_STATUS_STYLE, ConclusionTag, DeadlineTag } from './complaintWords';
import { useComplaintSteps } from './useComplaintSteps';

const REVEAL_LABELS: Record<ComplaintRevealField, string> = { phone: '手机号码', email: '电子邮箱' };

/** A masked contact with 查看 (complaint:reveal): the whole value in a dialog that says the look-up was recorded. */
function Contact({ complaint, field, value }: { complaint: ComplaintDetail; field: ComplaintRevealField; value: string | null }) {
  return (
    <MaskedValue
      value={value}
      owner="投诉人"
      what={REVEAL_LABELS[field]}
      canReveal={complaint.actions.includes('reveal')}
      reveal={async () => (await revealComplainant(complaint.id, field)).value}
      notice="投诉人信息仅限办理本件使用，不得向被投诉单位或他人透露。"
    />
  );
}

function Complainant({ complaint }: { complaint: ComplaintDetail }) {
  if (complaint.anonymous === null) return null; // a unit never learns who complained
  return (
    <Card size="small" title="投诉人">
      {complaint.anonymous ? (
        <Typography.Text>匿名举报（未留姓名和联系方式）</Typography.Text>
      ) : complaint.erasedAt ? (
        <Typography.Text type="secondary">投诉人的姓名和联系方式已于 {formatDateTime(complaint.erasedAt)} 按个人信息保存期限删除。</Typography.Text>
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="姓名">{complaint.complainantName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="联系电话">
            <Contact complaint={complaint} field="phone" value={complaint.complainantPhone} />
          </Descriptions.Item>
          <Descriptions.Item label="电子邮箱">
            <Contact complaint={complaint} field="email" value={complaint.complainantEmail} />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

function Body({ complaint, reload }: { complaint: ComplaintDetail; reload: () => void }) {
  const { isMemberUnit } = useAccessFlags();
  const steps = useComplaintSteps(reload);
  const has = (action: ComplaintDetail['actions'][number]) => complaint.actions.includes(action);
  const buttons = [
    has('accept') && (
      <Button key="accept" type="primary" onClick={() => steps.accept(complaint)}>
        受理
      </Button>
    ),
    has('decline') && (
      <Button key="decline" danger onClick={() => steps.decline(complaint)}>
        不予受理
      </Button>
    ),
    has('conclude') && (
      <Button key="conclude" type="primary" onClick={() => steps.conclude(complaint)}>
        办结
      </Button>
    ),
    has('reply') && (
      <Button key="reply" type="primary" onClick={() => steps.reply(complaint)}>
        书面申辩
      </Button>
    ),
  ].filter(Boolean);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={`${COMPLAINT_KIND_LABELS[complaint.kind]} ${complaint.complaintNo}`} extra={<StatusBadge status={complaint.status} style={COMPLAINT_STATUS_STYLE} />}>
        {buttons.length > 0 && (
          <Space wrap style={{ marginBottom: 12 }}>
            {buttons}
          </Space>
        )}
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="被投诉单位" span={2}>
            {complaint.unitName}
          </Descriptions.Item>
          <Descriptions.Item label="涉及从业人员">{complaint.practitionerName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="涉及项目">{complaint.projectName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{formatDateTime(complaint.submittedAt)}</Descriptions.Item>
          <Descriptions.Item label="当前期限">
            <DeadlineTag deadline={complaint.deadline} />
          </Descriptions.Item>
          {!isMemberUnit && <Descriptions.Item label="受理期限">{complaint.acceptDueOn}</Descriptions.Item>}
          <Descriptions.Item label="申辩期限">{complaint.answerDueOn ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="办结期限">{complaint.concludeDueOn ?? '-'}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Complainant complaint={complaint} />

      <Card size="small" title={`${COMPLAINT_KIND_LABELS[complaint.kind]}内容`}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {complaint.title}
        </Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{complaint.content}</Typography.Paragraph>
        <Typography.Text type="secondary">证明材料</Typography.Text>
        <RecordFiles files={complaint.files} empty="未提交证明材料" />
      </Card>

      {complaint.decidedAt && (
        <Card size="small" title={complaint.status === 'declined' ? '不予受理' : '受理'}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="决定时间">{formatDateTime(complaint.decidedAt)}</Descriptions.Item>
            <Descriptions.Item label={complaint.status === 'declined' ? '理由' : '受理说明'}>{complaint.decisionNote ?? '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}

      {(complaint.unitAnswer || complaint.status === 'accepted') && (
        <Card size="small" title="被投诉单位书面申辩">
          {complaint.unitAnswer ? (
            <>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{complaint.unitAnswer}</Typography.Paragraph>
              <Typography.Text type="secondary">提交时间：{formatDateTime(complaint.answeredAt)}</Typography.Text>
              <RecordFiles files={complaint.answerFiles} empty="未提交证明材料" />
            </>
          ) : (
            <Typography.Text type="secondary">尚未申辩（期限 {complaint.answerDueOn ?? '-'}）。</Typography.Text>
          )}
        </Card>
      )}

      {complaint.status === 'concluded' && (
        <Card size="small" title="办理结果">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="办理结论">
              <ConclusionTag conclusion={complaint.conclusion} />
            </Descriptions.Item>
            <Descriptions.Item label="处理结果">
              <span style={{ whiteSpace: 'pre-wrap' }}>{complaint.handling ?? '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="办结时间">{formatDateTime(complaint.concludedAt)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}

      <Card size="small" title="办理过程">
        <Timeline
          items={complaint.steps.map((s, i) => ({
            key: `${s.step}-${i}`,
            content: (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{COMPLAINT_STEP_LABELS[s.step]}</Typography.Text>
                {s.note && <span style={{ whiteSpace: 'pre-wrap' }}>{s.note}</span>}
                <Typography.Text type="secondary">
                  {formatDateTime(s.at)}
                  {s.actorName ? ` · ${s.actorName}` : ''}
                </Typography.Text>
              </Space>
            ),
          }))}
        />
      </Card>
      {steps.dialogs}
    </Space>
  );
}

export interface ComplaintDrawerProps {
  id: string | null;
  onClose: () => void;
  /** After any step: the list reloads. */
  onChanged: () => void;
}

export default function ComplaintDrawer({ id, onClose, onChanged }: ComplaintDrawerProps) {
  const detail = useRecord(id, getComplaint);
  const reload = () => {
    detail.reload();
    onChanged();
  };
  const shown = detail.record;
  return (
    <Drawer open={!!id} onClose={onClose} size={760} title={shown ? `${COMPLAINT_KIND_LABELS[shown.kind]}：${shown.complaintNo}` : '投诉举报详情'} destroyOnHidden>
      <RecordView state={detail} failedTitle="投诉举报加载失败" rows={10}>
        {(complaint) => <Body complaint={complaint} reload={reload} />}
      </RecordView>
    </Drawer>
  );
}
