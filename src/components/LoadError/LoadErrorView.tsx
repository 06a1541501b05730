import { retryByReload } from './chunkError';
import StatusView from './StatusView';

interface LoadErrorViewProps {
  /** Why it failed, in plain words; the default fits both a time-out and a missing file. */
  reason?: string;
}

/** A page chunk that failed to load (time-out, missing file): what the user sees; its retry reloads. */
export default function LoadErrorView({ reason }: LoadErrorViewProps) {
  return (
    <StatusView
      status="warning"
      title="页面加载失败"
      subTitle={reason ?? '页面文件未能加载，可能是网络不稳定或系统刚刚更新。请检查网络后重新加载。'}
      action={{ label: '重新加载', onClick: retryByReload }}
    />
  );
}
