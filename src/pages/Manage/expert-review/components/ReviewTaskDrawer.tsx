/**
 * 评审详情: one review task loaded fresh in a drawer, walking its workflow. Where it stands
 * (待抽取 → 确认中 → 评分中 → 已结束), the arrangements, the draw rounds (抽取专家, 重新抽取
 * with a reason, 补抽; each round's record for those who may read it, and 验证), the panel's
 * seats (answers, sheets, links), the score sheets, the result, the unit's comment and revised
 * report, the ratings and the task's history. Every button is one of the task's or a seat's
 * `actions` (the server's answer for this caller); steps that cannot be undone ask first.
 *
 * Names show only where the server sends them: a unit, or staff without review:draw:view,
 * reads 已抽取 N 名专家 before closing and 专家1…专家N after it.
 */
import { App, Button, Card, Collapse, Descriptions, Drawer, Empty, Popconfirm, Space, Steps, Tag, Timeline, Typography, Alert } from 'antd';
import { useState, type ReactNode } from 'react';
import {
  REVIEW_COMMENTS_MAX,
  REVIEW_DRAW_KIND_LABELS,
  REVIEW_REVISION_STATUS_LABELS,
  REVIEW_SHEET_SOURCE_LABELS,
  REVIEW_TEXT_MAX,
  type ReviewDrawSummary,
  type ReviewSeat,
  type ReviewSheet,
  type ReviewTaskDetail,
  type ReviewTaskStatus,
} from '@common/schemas/reviewTasks';
import { formatDateTime } from '@/components/ListPage';
import ReasonModal, { type ReasonRequest } from '@/components/ReasonModal';
import RecordFiles from '@/components/RecordFiles';
import RecordView from '@/components/RecordView';
import { StatusBadge } from '@/components/ReviewedSubject';
import { useCan } from '@/hooks/useCan';
import { labelOf, type Dictionary } from '@/hooks/useDictionaries';
import { useRecord } from '@/hooks/useRecord';
import {
  cancelReviewTask,
  closeReviewTask,
  commentOnReview,
  confirmReviewRevision,
  getReviewTask,
  returnReviewRevision,
  verifyDraw,
} from '@/services/reviewTasks';
import DrawModal, { type DrawKind } from './DrawModal';
import DrawRecordModal from './DrawRecordModal';
import LinkModal from './LinkModal';
import RatingModal from './RatingModal';
import RevisionModal from './RevisionModal';
import SeatList from './SeatList';
import SheetModal from './SheetModal';
import VerifyButton from './Verification';
import { CONCLUSION_COLORS, conclusionLabel, formatScore, reviewWhen, reviewWhere, shortHex, TASK_STATUS_STYLE } from './reviewWords';

export interface ReviewDicts {
  reasons: Dictionary;
  categories: Dictionary;
  specialties: Dictionary;
  declineReasons: Dictionary;
}

export interface ReviewTaskDrawerProps {
  id: string | null;
  /** Changes when the task was changed elsewhere (its edit form): the drawer loads it again. */
  refreshKey?: number;
  dicts: ReviewDicts;
  onClose: () => void;
  /** After any step: the list reloads. */
  onChanged: () => void;
  onEdit: (id: string) => void;
}

const STEP_ORDER: ReviewTaskStatus[] = ['awaiting_draw', 'confirming', 'scoring', 'closed'];

function Progress({ task }: { task: ReviewTaskDetail }) {
  if (task.status === 'cancelled') {
    return <Alert type="info" showIcon title="评审已取消" description={task.cancelReason ?? undefined} />;
  }
  return (
    <Steps
      size="small"
      current={STEP_ORDER.indexOf(task.status)}
      items={[
        { title: '待抽取' },
        { title: '确认中', description: task.rounds > 0 ? `已确认 ${task.confirmedCount}/${task.panelSize}` : undefined },
        { title: '评分中', description: task.status === 'scoring' ? `评分表 ${task.sheetCount}/${task.panelSize}` : undefined },
        { title: '已结束' },
      ]}
    />
  );
}

function Arrangements({ task, dicts }: { task: ReviewTaskDetail; dicts: ReviewDicts }) {
  return (
    <Card size="small" title="评审安排" extra={<StatusBadge status={task.status} style={TASK_STATUS_STYLE} />}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="评审项目" span={2}>
          {task.projectName}
          {task.projectCode ? `（${task.projectCode}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="评估单位">{task.unitName}</Descriptions.Item>
        <Descriptions.Item label="委托单位">{task.project.client ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="评审原因">{labelOf(dicts.reasons, task.reason)}</Descriptions.Item>
        <Descriptions.Item label="评审时间">{reviewWhen(task.reviewOn, task.reviewTime)}</Descriptions.Item>
        <Descriptions.Item label="评审地点" span={2}>
          {reviewWhere(task.place, task.online)}
        </Descriptions.Item>
        <Descriptions.Item label="评审专家">{task.panelSize} 名</Descriptions.Item>
        <Descriptions.Item label="备选专家">{task.backupCount} 名</Descriptions.Item>
        <Descriptions.Item label="类别要求">
          {task.requiredCategories.length ? task.requiredCategories.map((c) => labelOf(dicts.categories, c)).join('、') : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="优先专业">
          {task.wantedSpecialties.length ? task.wantedSpecialties.map((s) => labelOf(dicts.specialties, s)).join('、') : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="监督人">{task.supervisor}</Descriptions.Item>
        {task.note && (
          <Descriptions.Item label="备注" span={2}>
            {task.note}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

function DrawRound({ draw, canVerify, canReadRecord, onRecord }: { draw: ReviewDrawSummary; canVerify: boolean; canReadRecord: boolean; onRecord: (id: string) => void }) {
  const recordButton = canReadRecord ? (
    <Button size="small" onClick={() => onRecord(draw.id)}>
      抽取记录
    </Button>
  ) : null;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="抽取时间">{formatDateTime(draw.drawnAt)}</Descriptions.Item>
        <Descriptions.Item label="抽取结果">
          评审专家 {draw.panelCount} 名，备选 {draw.backupCount} 名
        </Descriptions.Item>
        <Descriptions.Item label="专家库">
          可抽取 {draw.eligibleCount} 名，回避 {draw.excludedCount} 名
        </Descriptions.Item>
        <Descriptions.Item label="操作人 / 监督人">
          {draw.operatorName ?? '-'} / {draw.supervisor}
        </Descriptions.Item>
        {draw.reason && (
          <Descriptions.Item label="重新抽取原因" span={2}>
            {draw.reason}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="算法版本">{draw.algorithmVersion}</Descriptions.Item>
        <Descriptions.Item label="记录摘要">
          <Typography.Text code copyable={{ text: draw.digest }}>
            {shortHex(draw.digest)}
          </Typography.Text>
        </Descriptions.Item>
        {draw.warning && (
          <Descriptions.Item label="提醒" span={2}>
            <Typography.Text type="warning">{draw.warning}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      {canVerify ? (
        <VerifyButton verify={() => verifyDraw(draw.id)} before={recordButton} />
      ) : (
        recordButton
      )}
    </Space>
  );
}

function SheetPanel({ sheet, task }: { sheet: ReviewSheet; task: ReviewTaskDetail }) {
  const labelOfCriterion = new Map(task.rubric.map((c) => [c.criterion, c]));
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        {sheet.scores.map((s) => {
          const criterion = labelOfCriterion.get(s.criterion);
          return (
            <Descriptions.Item key={s.criterion} label={criterion?.label ?? s.criterion}>
              {s.points} / {criterion?.max ?? '-'}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
      <div>
        <Typography.Text type="secondary">评审意见：</Typography.Text>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{sheet.comments ?? '无'}</Typography.Paragraph>
      </div>
      <Typography.Text type="secondary">
        {REVIEW_SHEET_SOURCE_LABELS[sheet.source]} · {formatDateTime(sheet.submittedAt)}
      </Typography.Text>
      {sheet.replaced.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`此评分表替换了 ${sheet.replaced.length} 份原评分表`}
          description={
            <Space orientation="vertical" size={4}>
              {sheet.replaced.map((r) => (
                <div key={`${r.replacedAt}-${r.submittedAt}`}>
                  <Typography.Text>
                    原评分表：{r.total} 分，{conclusionLabel(r.conclusion)}（{REVIEW_SHEET_SOURCE_LABELS[r.source]}，{formatDateTime(r.submittedAt)}）；
                    {r.scores.map((s) => `${labelOfCriterion.get(s.criterion)?.label ?? s.criterion} ${s.points}`).join('，')}
                    {r.comments ? `；意见：${r.comments}` : ''}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {formatDateTime(r.replacedAt)} 由{r.replacedBySource === 'expert' ? '专家本人重新提交' : `工作人员${r.replacedByName ? `（${r.replacedByName}）` : ''}替换`}
                    {r.reason ? `，原因：${r.reason}` : ''}
                  </Typography.Text>
                </div>
              ))}
            </Space>
          }
        />
      )}
    </Space>
  );
}

function Sheets({ task }: { task: ReviewTaskDetail }) {
  if (task.sheets.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无评分表" />;
  return (
    <Collapse
      size="small"
      items={task.sheets.map((sheet) => ({
        key: sheet.id,
        label: (
          <Space wrap size={[8, 0]}>
            <span>{sheet.expertName ? `${sheet.label}（${sheet.expertName}）` : sheet.label}</span>
            <Typography.Text strong>{sheet.total} 分</Typography.Text>
            <Tag color={CONCLUSION_COLORS[sheet.conclusion]}>{conclusionLabel(sheet.conclusion)}</Tag>
          </Space>
        ),
        children: <SheetPanel sheet={sheet} task={task} />,
      }))}
    />
  );
}

function Result({ task }: { task: ReviewTaskDetail }) {
  const { result } = task;
  if (!result) return null;
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label="评审得分">
        <Typography.Text strong style={{ fontSize: 18 }}>
          {formatScore(result.score)}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="评审结论">
        <Tag color={CONCLUSION_COLORS[result.conclusion]} style={{ fontSize: 14 }}>
          {conclusionLabel(result.conclusion)}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label="计分方法" span={2}>
        {result.sheetCount} 份评分表{result.trimmed ? '，去掉一个最高分和一个最低分后取平均' : '取平均'}；结论按多数专家意见（票数相同取较严格的结论）
      </Descriptions.Item>
      {result.replacedByStaff > 0 && (
        <Descriptions.Item label="评分表替换" span={2}>
          <Typography.Text type="warning">其中 {result.replacedByStaff} 份评分表由工作人员替换，原评分表和原因见各评分表</Typography.Text>
        </Descriptions.Item>
      )}
      <Descriptions.Item label="结束时间">{formatDateTime(result.closedAt)}</Descriptions.Item>
    </Descriptions>
  );
}

function Revision({ task }: { task: ReviewTaskDetail }) {
  const { revision } = task;
  if (!revision.status) return null;
  return (
    <Descriptions size="small" column={1}>
      <Descriptions.Item label="状态">{REVIEW_REVISION_STATUS_LABELS[revision.status]}</Descriptions.Item>
      {revision.submittedAt && <Descriptions.Item label="提交时间">{formatDateTime(revision.submittedAt)}</Descriptions.Item>}
      {revision.note && <Descriptions.Item label="修改说明">{revision.note}</Descriptions.Item>}
      {revision.files.length > 0 && (
        <Descriptions.Item label="修改稿">
          <RecordFiles files={revision.files} />
        </Descriptions.Item>
      )}
      {revision.decidedAt && <Descriptions.Item label="处理时间">{formatDateTime(revision.decidedAt)}</Descriptions.Item>}
      {revision.comment && <Descriptions.Item label="协会意见">{revision.comment}</Descriptions.Item>}
    </Descriptions>
  );
}

function History({ task }: { task: ReviewTaskDetail }) {
  if (task.events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />;
  return (
    <Timeline
      items={task.events.map((e) => ({
        key: e.id,
        content: (
          <Space orientation="vertical" size={0}>
            <span>{e.summary}</span>
            <Typography.Text type="secondary">
              {formatDateTime(e.at)}
              {e.actorName ? ` · ${e.actorName}` : ''}
            </Typography.Text>
          </Space>
        ),
      }))}
    />
  );
}

/** A card's own buttons, above its content (a card's header has no room for them on a phone). */
function Toolbar({ children }: { children: ReactNode[] }) {
  const shown = children.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      {shown}
    </Space>
  );
}

function TaskBody({ task, dicts, reload, onEdit }: { task: ReviewTaskDetail; dicts: ReviewDicts; reload: () => void; onEdit: (id: string) => void }) {
  const { message, modal } = App.useApp();
  const can = useCan();
  const has = (action: ReviewTaskDetail['actions'][number]) => task.actions.includes(action);
  const [drawing, setDrawing] = useState<DrawKind | null>(null);
  const [recordId, setRecordId] = useState<string | null>(null);
  const [sheetSeat, setSheetSeat] = useState<ReviewSeat | null>(null);
  const [linkSeat, setLinkSeat] = useState<ReviewSeat | null>(null);
  const [rating, setRating] = useState(false);
  const [revising, setRevising] = useState(false);
  const [reasonStep, setReasonStep] = useState<ReasonRequest<null> | null>(null);

  const close = () =>
    modal.confirm({
      title: `结束「${task.projectName}」的评审？`,
      content: `已收到 ${task.sheetCount} 份评分表。结束后按评分规则计算评审得分和结论，评分表和结果锁定、不能再修改，专家评分链接失效，评审结果通知评估单位。`,
      okText: '结束评审',
      cancelText: '取消',
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await closeReviewTask(task.id, task.version);
          message.success('评审已结束，结果见「评审结果」');
          reload();
        } catch {
          // The request layer has said why.
        }
      },
    });

  const cancel = () =>
    setReasonStep({
      title: `取消「${task.projectName}」的评审`,
      alert: { type: 'warning', title: '取消后本任务不能再抽取、评分；已有的抽取记录保留。' },
      label: '取消原因',
      max: REVIEW_TEXT_MAX,
      okText: '取消评审',
      danger: true,
      confirm: { title: '确定取消这次评审吗？', content: '取消后不能恢复。', okText: '确定取消', danger: true },
      run: (reason) => cancelReviewTask(task.id, task.version, reason),
      successMessage: '评审已取消',
      onDone: reload,
    });

  const comment = () =>
    setReasonStep({
      title: `对「${task.projectName}」的评审结果提出意见`,
      label: '单位意见',
      max: REVIEW_COMMENTS_MAX,
      okText: '提交意见',
      placeholder: '对评审结论或专家意见的说明、异议',
      extra: '意见将送协会评审管理人员',
      run: (text) => commentOnReview(task.id, task.version, text),
      successMessage: '意见已提交',
      onDone: reload,
    });

  const returnRevision = () =>
    setReasonStep({
      title: `退回「${task.projectName}」的修改稿`,
      label: '退回原因',
      max: REVIEW_TEXT_MAX,
      okText: '退回',
      danger: true,
      placeholder: '如：未按专家意见补充风险防范措施',
      extra: '原因会通知评估单位',
      run: (reason) => returnReviewRevision(task.id, task.version, reason),
      successMessage: '修改稿已退回',
      onDone: reload,
    });

  const confirmRevision = async () => {
    try {
      await confirmReviewRevision(task.id, task.version);
      message.success('修改稿已确认');
      reload();
    } catch {
      // The request layer has said why.
    }
  };

  const canReadRecord = can('review:draw:view');
  const drawn = task.rounds > 0;
  const lastDraw = task.draws.length > 0 ? task.draws[task.draws.length - 1] : null;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Progress task={task} />
      <Toolbar>
        {[
          has('edit') && (
            <Button key="edit" onClick={() => onEdit(task.id)}>
              编辑安排
            </Button>
          ),
          has('rate') && (
            <Button key="rate" onClick={() => setRating(true)}>
              评价专家
            </Button>
          ),
          has('close') && (
            <Button key="close" type="primary" onClick={close}>
              结束评审
            </Button>
          ),
          has('cancel') && (
            <Button key="cancel" danger onClick={cancel}>
              取消评审
            </Button>
          ),
        ]}
      </Toolbar>
      <Arrangements task={task} dicts={dicts} />

      <Card size="small" title="专家抽取">
        <Toolbar>
          {[
            has('draw') && (
              <Button key="draw" type="primary" onClick={() => setDrawing('draw')}>
                抽取专家
              </Button>
            ),
            has('supplement') && (
              <Button key="supplement" type="primary" onClick={() => setDrawing('supplement')}>
                补抽
              </Button>
            ),
            has('redraw') && (
              <Button key="redraw" danger onClick={() => setDrawing('redraw')}>
                重新抽取
              </Button>
            ),
          ]}
        </Toolbar>
        {!drawn ? (
          <Typography.Text type="secondary">尚未抽取专家</Typography.Text>
        ) : (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {task.sealed && (
              <Alert
                type="info"
                showIcon
                title={`已抽取 ${task.panelSize} 名评审专家${lastDraw ? `（${formatDateTime(lastDraw.drawnAt)}）` : ''}`}
                description={task.status === 'closed' ? undefined : '评审结束前专家名单保密。'}
              />
            )}
            {task.vacantSeats > 0 && task.standbyBackups === 0 && task.status === 'confirming' && (
              <Alert type="warning" showIcon title={`有 ${task.vacantSeats} 个席位空缺，备选专家已用完`} description="可补抽空缺席位（排除本任务已抽取的专家）。" />
            )}
            <Collapse
              size="small"
              defaultActiveKey={lastDraw ? [lastDraw.id] : []}
              items={task.draws.map((d) => ({
                key: d.id,
                label: `第 ${d.round} 轮 · ${REVIEW_DRAW_KIND_LABELS[d.kind]} · ${formatDateTime(d.drawnAt)}`,
                children: <DrawRound draw={d} canVerify={has('verify')} canReadRecord={canReadRecord} onRecord={setRecordId} />,
              }))}
            />
          </Space>
        )}
      </Card>

      {task.seats.length > 0 && (
        <Card size="small" title={task.status === 'closed' && task.sealed ? '评审专家（匿名）' : '评审专家'}>
          <SeatList
            task={task}
            categories={dicts.categories}
            declineReasons={dicts.declineReasons}
            onChanged={reload}
            onSheet={setSheetSeat}
            onLink={setLinkSeat}
          />
        </Card>
      )}

      {(task.status === 'scoring' || task.sheets.length > 0) && (
        <Card size="small" title={`评分表（${task.sheets.length}/${task.panelSize}）`}>
          <Sheets task={task} />
        </Card>
      )}

      {task.result && (
        <Card size="small" title="评审结果">
          <Result task={task} />
          <Toolbar>
            {[
              has('comment') && (
                <Button key="comment" onClick={comment}>
                  {task.unitComment ? '修改意见' : '提出意见'}
                </Button>
              ),
            ]}
          </Toolbar>
          {task.unitComment && (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="单位意见">{task.unitComment}</Descriptions.Item>
              {task.unitCommentAt && <Descriptions.Item label="提出时间">{formatDateTime(task.unitCommentAt)}</Descriptions.Item>}
            </Descriptions>
          )}
        </Card>
      )}

      {(task.revision.status || has('revise')) && (
        <Card size="small" title="修改稿">
          <Toolbar>
            {[
              has('revise') && (
                <Button key="revise" type="primary" onClick={() => setRevising(true)}>
                  提交修改稿
                </Button>
              ),
              has('confirmRevision') && (
                <Popconfirm key="confirm" title="确认修改稿符合专家意见？" okText="确认" cancelText="取消" onConfirm={confirmRevision}>
                  <Button type="primary">确认修改稿</Button>
                </Popconfirm>
              ),
              has('returnRevision') && (
                <Button key="return" danger onClick={returnRevision}>
                  退回修改稿
                </Button>
              ),
            ]}
          </Toolbar>
          <Revision task={task} />
        </Card>
      )}

      <Card size="small" title="过程记录">
        <History task={task} />
      </Card>


      <DrawModal
        task={drawing ? task : null}
        kind={drawing ?? 'draw'}
        categories={dicts.categories}
        specialties={dicts.specialties}
        onClose={() => setDrawing(null)}
        onDone={reload}
      />
      <DrawRecordModal drawId={recordId} onClose={() => setRecordId(null)} categories={dicts.categories} specialties={dicts.specialties} />
      <SheetModal task={task} seat={sheetSeat} onClose={() => setSheetSeat(null)} onDone={reload} />
      <LinkModal task={task} seat={linkSeat} onClose={() => setLinkSeat(null)} onDone={reload} />
      <RatingModal task={task} open={rating} onClose={() => setRating(false)} onDone={reload} />
      <RevisionModal task={task} open={revising} onClose={() => setRevising(false)} onDone={reload} />
      <ReasonModal request={reasonStep} onClose={() => setReasonStep(null)} />
    </Space>
  );
}

export default function ReviewTaskDrawer({ id, refreshKey = 0, dicts, onClose, onChanged, onEdit }: ReviewTaskDrawerProps) {
  const detail = useRecord(id, getReviewTask, [refreshKey]);
  const reload = () => {
    detail.reload();
    onChanged();
  };
  const task = detail.record;
  return (
    <Drawer open={!!id} onClose={onClose} size={880} title={task ? `评审：${task.projectName}` : '评审详情'} destroyOnHidden>
      <RecordView state={detail} failedTitle="评审任务加载失败" rows={10}>
        {(shown) => <TaskBody task={shown} dicts={dicts} reload={reload} onEdit={onEdit} />}
      </RecordView>
    </Drawer>
  );
}
