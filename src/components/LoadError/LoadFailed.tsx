import { Button, Result } from 'antd';
import type { ReactNode } from 'react';

export interface LoadFailedProps {
  /** What did not load: 详情加载失败, 会员单位加载失败 … */
  title: string;
  /** Loads again; without it no 重试 shows (a record that does not exist). */
  onRetry?: () => void;
  /** The record does not exist (HTTP 404): a 404 picture instead of a warning. */
  notFound?: boolean;
  /** More buttons, before 重试 (返回列表 …). */
  extra?: ReactNode[];
}

/**
 * A record (or a part of a page) that did not load, with 重试: the request layer has already
 * said why, this says what is missing and offers to load it again.
 */
export default function LoadFailed({ title, onRetry, notFound, extra = [] }: LoadFailedProps) {
  return (
    <Result
      status={notFound ? '404' : 'warning'}
      title={title}
      extra={[
        ...extra,
        ...(onRetry
          ? [
              <Button key="retry" onClick={onRetry}>
                重试
              </Button>,
            ]
          : []),
      ]}
    />
  );
}
