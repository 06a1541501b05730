/**
 * 预览: the article as visitors will read it: the HTML sanitised by the server
 * (POST /articles/sanitize) in the public detail page's typography (ArticleContent); its own
 * images, not public before publishing, show through signed addresses.
 */
import { Empty, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import ArticleContent from '@/components/ArticleContent';
import { formatDateTime } from '@/components/ListPage';
import { signFileUrls } from '@/components/RichTextEditor';
import { sanitize } from '@/services/content';

export interface PreviewData {
  title: string;
  category?: string;
  author?: string | null;
  source?: string | null;
  publishAt?: string | null;
  content: string;
}

export default function ArticlePreview({ data, onClose }: { data: PreviewData | null; onClose: () => void }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

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

  const meta = data
    ? [data.category, data.source && `来源：${data.source}`, data.author && `作者：${data.author}`, `发布时间：${data.publishAt ? formatDateTime(data.publishAt) : '发布时'}`]
        .filter(Boolean)
        .join('　')
    : '';

  return (
    <Modal title="预览" open={data !== null} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      {data && (
        <article style={{ padding: '8px 16px 24px', maxWidth: 800, margin: '0 auto' }}>
          <Typography.Title level={3} style={{ textAlign: 'center' }}>
            {data.title || '（无标题）'}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {meta}
          </Typography.Paragraph>
          {failed && <Empty description="预览生成失败，请稍后重试" />}
          {!failed && html === null && (
            <Space style={{ width: '100%', justifyContent: 'center', padding: 48 }}>
              <Spin />
            </Space>
          )}
          {html !== null && (html ? <ArticleContent html={html} /> : <Empty description="正文为空" />)}
        </article>
      )}
    </Modal>
  );
}
