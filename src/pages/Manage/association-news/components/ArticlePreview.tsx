/**
 * 预览: the article as visitors will read it: the HTML sanitised by the server
 * (POST /articles/sanitize) in the public detail page's typography (ArticleContent, large as
 * on src/pages/FrontPage/detail/components/ItemDetail.tsx), with the page's line of facts as
 * it will read (来源, 作者, 发布日期: the date of the set time, or of the moment 发布 is
 * pressed), and when it becomes public above it. 电脑 / 手机 switches to a 375 px wide frame,
 * the width of a small phone. Its own images, not public before publishing, show through
 * signed addresses.
 */
import { Alert, Empty, Modal, Segmented, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import ArticleContent from '@/components/ArticleContent';
import { publicationWhen } from '@/components/ListPage';
import { signFileUrls } from '@/components/RichTextEditor';
import { sanitize } from '@/services/content';

export interface PreviewData {
  title: string;
  category?: string;
  author?: string | null;
  source?: string | null;
  /** The set publishing time (ISO); null: published when 发布 is pressed. */
  publishAt?: string | null;
  content: string;
}

/** The width of the phone frame: a small phone's (iPhone SE / 8). */
export const PHONE_WIDTH = 375;

type Device = 'desktop' | 'phone';

/** The public page's line of facts: 来源, 作者, 发布日期 (YYYY-MM-DD, as ItemDetail shows it). */
export function publicMeta(data: PreviewData, now = dayjs()): string {
  const day = (data.publishAt ? dayjs(data.publishAt) : now).format('YYYY-MM-DD');
  return [data.source && `来源：${data.source}`, data.author && `作者：${data.author}`, `发布日期：${day}`].filter(Boolean).join('　');
}

export default function ArticlePreview({ data, onClose }: { data: PreviewData | null; onClose: () => void }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [device, setDevice] = useState<Device>('desktop');

  useEffect(() => {
    if (!data) return undefined;
    let live = true;
    setHtml(null);
    setFailed(false);
    sanitize(data.content)
      // Unpublished images are not public yet: show them through signed addresses.
      .then(signFileUrls)
      .then((clean) => live && setHtml(clean))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [data]);

  const phone = device === 'phone';
  const article = data && (
    <article style={{ padding: phone ? '16px 16px 24px' : '8px 16px 24px', maxWidth: 800, margin: '0 auto' }}>
      <Typography.Title level={phone ? 4 : 3} style={{ textAlign: 'center' }}>
        {data.title || '（无标题）'}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {publicMeta(data)}
      </Typography.Paragraph>
      {failed && <Empty description="预览生成失败，请稍后重试" />}
      {!failed && html === null && (
        <Space style={{ width: '100%', justifyContent: 'center', padding: 48 }}>
          <Spin />
        </Space>
      )}
      {html !== null && (html ? <ArticleContent html={html} size="large" /> : <Empty description="正文为空" />)}
    </article>
  );

  return (
    <Modal title="预览" open={data !== null} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      {data && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Segmented<Device>
              aria-label="预览宽度"
              value={device}
              onChange={setDevice}
              options={[
                { value: 'desktop', label: '电脑' },
                { value: 'phone', label: `手机（${PHONE_WIDTH} px）` },
              ]}
            />
            {data.category && <Typography.Text type="secondary">栏目：{data.category}</Typography.Text>}
          </Space>
          <Alert type="info" showIcon title={`发布后，这篇文章${publicationWhen(data.publishAt)}。`} />
          {phone ? (
            <div
              data-testid="phone-frame"
              style={{
                width: PHONE_WIDTH,
                maxWidth: '100%',
                height: 640,
                margin: '0 auto',
                overflowY: 'auto',
                border: '8px solid #1f1f1f',
                borderRadius: 24,
                boxSizing: 'content-box',
                background: '#fff',
              }}
            >
              {article}
            </div>
          ) : (
            article
          )}
        </Space>
      )}
    </Modal>
  );
}
