/**
 * 专家评分 (/expert-review-sheet#<token>): an expert of a review panel, without an account,
 * opens the personal link staff sent them (server/modules/expert-reviews/links.ts builds it;
 * the token follows '#', so it never reaches a server log), sees the task's essentials (the
 * project, the unit, when and where, the report files) and fills in or corrects their own score
 * sheet until the review closes. A wrong, replaced or expired link gets the server's one answer.
 */
import { Alert, App, Button, Card, Descriptions, Form, List, Result, Skeleton, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from '@umijs/max';
import { findPage } from '@common/menu';
import { isLinkTokenShape, type ExpertLinkView } from '@common/schemas/reviewTasks';
import ScoreSheetFields, { toSheetScores, toSheetValues, type ScoreSheetValues } from '@/components/ScoreSheet';
import { labelOf, useDictionaries } from '@/hooks/useDictionaries';
import StandaloneFrame from '@/components/StandaloneFrame';
import { isApiError } from '@/requestErrors';
import { submitReviewLinkSheet, viewReviewLink } from '@/services/reviewTasks';
import styles from './index.less';

/** The token in the address's fragment (#…), as the link carries it. */
function tokenOf(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}

type Loaded = { status: 'loading' } | { status: 'ready'; view: ExpertLinkView } | { status: 'refused'; message: string } | { status: 'missing' };

const NETWORK_TROUBLE = '网络异常，请检查网络后刷新页面重试。';

function Essentials({ view }: { view: ExpertLinkView }) {
  const { project_type: types, risk_level: risks } = useDictionaries('project_type', 'risk_level');
  const { project } = view;
  return (
    <Card size="small" title="评审事项">
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="项目名称" span={2}>
          {project.name}
          {project.code ? `（${project.code}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="评估单位">{project.unitName}</Descriptions.Item>
        <Descriptions.Item label="委托单位">{project.client ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="项目类型">{labelOf(types, project.type)}</Descriptions.Item>
        <Descriptions.Item label="风险等级">{labelOf(risks, project.riskLevel)}</Descriptions.Item>
        <Descriptions.Item label="评审时间">{view.reviewTime ? `${view.reviewOn} ${view.reviewTime}` : view.reviewOn}</Descriptions.Item>
        <Descriptions.Item label="评审地点">{view.online ? `线上评审${view.place ? `（${view.place}）` : ''}` : (view.place ?? '-')}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>评估报告</Typography.Title>
      <List
        size="small"
        dataSource={view.reports}
        locale={{ emptyText: '暂无报告文件，请联系协会工作人员' }}
        renderItem={(f) => (
          <List.Item>
            <a href={f.url} target="_blank" rel="noreferrer">
              {f.name}
            </a>
          </List.Item>
        )}
      />
      <Typography.Text type="secondary">报告链接一小时内有效，过期请刷新页面。</Typography.Text>
    </Card>
  );
}

function SheetForm({ view, token, onSubmitted }: { view: ExpertLinkView; token: string; onSubmitted: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ScoreSheetValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: ScoreSheetValues) => {
    if (!values.conclusion) return;
    setBusy(true);
    setError(null);
    try {
      await submitReviewLinkSheet({
        token,
        scores: toSheetScores(values, view.rubric),
        comments: values.comments?.trim() ? values.comments.trim() : null,
        conclusion: values.conclusion,
      });
      message.success('评分表已提交，谢谢');
      onSubmitted();
    } catch (err) {
      setError(isApiError(err) && err.message ? err.message : NETWORK_TROUBLE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title="我的评分表">
      {view.sheet && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={`已于 ${new Date(view.sheet.submittedAt).toLocaleString('zh-CN', { hour12: false })} 提交评分表（${view.sheet.total} 分）`}
          description={view.canSubmit ? '评审结束前可以修改，重新提交后替换原评分表。' : undefined}
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={toSheetValues(view.sheet)} onFinish={(v) => void submit(v)} disabled={!view.canSubmit}>
        <ScoreSheetFields rubric={view.rubric} disabled={!view.canSubmit} />
        {view.canSubmit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {view.sheet ? '重新提交评分表' : '提交评分表'}
          </Button>
        )}
      </Form>
      {!view.canSubmit && !view.sheet && <Alert type="info" showIcon title="评审尚未开始评分或已经结束，暂不能提交评分表。" />}
    </Card>
  );
}

export default function ExpertReviewSheetPage() {
  const { hash } = useLocation();
  // A token without the shape the server takes is a cut-off link: 链接不完整, not the server's field message.
  const found = tokenOf(hash || window.location.hash);
  const token = found && isLinkTokenShape(found) ? found : '';
  const [loaded, setLoaded] = useState<Loaded>(token ? { status: 'loading' } : { status: 'missing' });

  const load = useCallback(() => {
    if (!token) {
      setLoaded({ status: 'missing' });
      return () => undefined;
    }
    let live = true;
    viewReviewLink(token)
      .then((view) => live && setLoaded({ status: 'ready', view }))
      .catch((err: unknown) => {
        if (live) setLoaded({ status: 'refused', message: isApiError(err) && err.message ? err.message : NETWORK_TROUBLE });
      });
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => load(), [load]);

  const title = findPage('/expert-review-sheet')?.title ?? '专家评分';
  return (
    <StandaloneFrame>
        <h1 className={styles.title}>{title}</h1>
        {loaded.status === 'loading' && <Skeleton active paragraph={{ rows: 8 }} />}
        {loaded.status === 'missing' && (
          <Result status="warning" title="链接不完整" subTitle="请从协会工作人员发送的评分链接完整打开本页；如链接被截断，请联系工作人员重新发送。" />
        )}
        {loaded.status === 'refused' && (
          <Result status="warning" title="无法打开评分表" subTitle={loaded.message} extra={<Typography.Text type="secondary">链接在评审结束后失效；工作人员重新生成链接后，旧链接也会失效。</Typography.Text>} />
        )}
        {loaded.status === 'ready' && (
          <div className={styles.body}>
            <p className={styles.lead}>
              {loaded.view.expertName} 专家您好！您是本次评审的 <Tag color="blue">{loaded.view.label}</Tag>
              请阅读评估报告后填写评分表。评分表仅协会评审工作人员可见，评审结束前专家名单保密。
            </p>
            <Essentials view={loaded.view} />
            <SheetForm view={loaded.view} token={token} onSubmitted={() => void load()} />
          </div>
        )}
        <p className={styles.back}>
          <Link to="/">返回首页</Link>
        </p>
    </StandaloneFrame>
  );
}
