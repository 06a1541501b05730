/**
 * What a form shows when its save was refused because someone saved the record in between
 * (409): the same words and the same 重新加载 everywhere a versioned record is edited.
 */
import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';

export const CONFLICT_MESSAGE = '该记录已被他人修改。您可以重新加载最新内容（当前未保存的修改将丢失），或复制您的修改后再重新加载。';

export default function ConflictAlert({ onReload, style }: { onReload: () => void; style?: CSSProperties }) {
  return (
    <Alert
      type="warning"
      showIcon
      style={style}
      title="保存失败：数据已被他人修改"
      description={CONFLICT_MESSAGE}
      action={
        <Button size="small" onClick={onReload}>
          重新加载
        </Button>
      }
    />
  );
}
