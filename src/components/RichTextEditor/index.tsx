/**
 * <RichTextEditor/>: wangEditor 5 as an antd Form field (value/onChange of HTML).
 *
 * The editor (about 1 MB of script and its CSS) is loaded lazily, by the first form that
 * shows it; until then a skeleton of the same height holds its place. Images go through the
 * project's MD5 upload (see ./Editor.tsx and ./images.ts).
 *
 *   <Form.Item name="content" label="正文" rules={[{ validator: richTextRequired('正文') }, imagesUploadedRule]}>
 *     <RichTextEditor />
 *   </Form.Item>
 */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './types';

export {
  hasPendingImages,
  hasRichContent,
  imagesUploadedRule,
  richTextRequired,
  signFileUrls,
  unsignFileUrls,
} from './images';
export type { RichTextEditorProps } from './types';

const EditorImpl = lazy(() => import(/* webpackChunkName: "rich-text-editor" */ './Editor'));

function EditorSkeleton({ height }: { height: number }) {
  return (
    <div
      className="rich-text-editor-loading"
      aria-busy="true"
      aria-label="编辑器加载中"
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 12, minHeight: height + 40 }}
    >
      <Skeleton.Input active size="small" block style={{ marginBottom: 16 }} />
      <Skeleton active paragraph={{ rows: Math.max(3, Math.floor(height / 60)) }} title={false} />
    </div>
  );
}

export default function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorSkeleton height={props.height ?? 460} />}>
      <EditorImpl {...props} />
    </Suspense>
  );
}
