/**
 * The offer of a browser draft (src/hooks/useFormDraft.ts) at the top of a form:
 * 发现未保存的草稿（2026-05-20 14:03）：恢复 / 丢弃.
 */
import { Alert, Button, Space } from 'antd';
import type { CSSProperties } from 'react';
import type { StoredDraft } from '@/hooks/useFormDraft';
import { formatDateTime } from './format';

export interface DraftAlertProps {
  draft: StoredDraft | null;
  onRestore: () => void;
  onDiscard: () => void;
  style?: CSSProperties;
}

export default function DraftAlert({ draft, onRestore, onDiscard, style }: DraftAlertProps) {
  if (!draft) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={style}
      title={`发现未保存的草稿（${formatDateTime(draft.savedAt)}）`}
      description="这是上次编辑时保存在本机浏览器中的内容。恢复后请检查并保存；丢弃后不可找回。在选择之前，新的修改不会覆盖这份草稿。"
      action={
        <Space orientation="vertical" size={4}>
          <Button size="small" type="primary" onClick={onRestore}>
            恢复
          </Button>
          <Button size="small" danger onClick={onDiscard}>
            丢弃
          </Button>
        </Space>
      }
    />
  );
}
