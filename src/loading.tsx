/**
 * Shown by Umi while a page chunk or the initial state loads (SPEC.md §1: a blank
 * placeholder on first load). A load that takes longer than the 120 s time-out turns into
 * the load-error view, whose button reloads.
 */
import { useEffect, useState } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/components/LoadError/chunkError';
import LoadErrorView from '@/components/LoadError/LoadErrorView';

export default function Loading() {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), CHUNK_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (timedOut) {
    return <LoadErrorView reason="页面加载超时（超过 120 秒），可能是网络不稳定。请检查网络后重新加载。" />;
  }
  // A light placeholder: no spinner for the usual short wait, so nothing flickers.
  return <div aria-busy="true" style={{ minHeight: '60vh' }} />;
}
