/**
 * Shown by Umi while a page chunk loads: a blank placeholder (also on first load).
 * A chunk script that fails, or a load that takes longer than the 120 s time-out, turns it
 * into the load-error view; a failure first gets one guarded automatic reload.
 */
import { useEffect, useState } from 'react';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  hasChunkScriptFailed,
  onChunkScriptFailure,
  reloadOnceForChunkError,
} from '@/components/LoadError/chunkError';
import LoadErrorView from '@/components/LoadError/LoadErrorView';

type LoadState = 'waiting' | 'failed' | 'reloading' | 'timedOut';

export default function Loading() {
  const [state, setState] = useState<LoadState>('waiting');

  useEffect(() => {
    const fail = () => setState(reloadOnceForChunkError() ? 'reloading' : 'failed');
    if (hasChunkScriptFailed()) fail();
    const unsubscribe = onChunkScriptFailure(fail);
    const timer = window.setTimeout(() => setState('timedOut'), CHUNK_LOAD_TIMEOUT_MS);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, []);

  if (state === 'timedOut') {
    return <LoadErrorView reason="页面加载超时（超过 120 秒），可能是网络不稳定。请检查网络后重新加载。" />;
  }
  if (state === 'failed') return <LoadErrorView />;
  // A light placeholder: no spinner for the usual short wait, so nothing flickers.
  return <div aria-busy="true" style={{ minHeight: '60vh' }} />;
}
