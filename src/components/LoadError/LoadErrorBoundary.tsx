import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForChunkError } from './chunkError';
import LoadErrorView from './LoadErrorView';
import StatusView from './StatusView';

interface Props {
  children: ReactNode;
  /** A change (the path, usually) clears a shown error: the next page may well load. */
  resetKey?: string;
}

interface State {
  error: unknown;
  /** True while an automatic reload is on its way: show nothing rather than flash an error. */
  reloading: boolean;
  resetKey?: string;
}

/**
 * Catches errors of the pages below it. A chunk that failed to load gets one guarded
 * automatic reload and then the load-error view; any other error gets a calm message
 * instead of a blank screen.
 */
export default class LoadErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, reloading: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) {
      return { error: undefined, reloading: false, resetKey: props.resetKey };
    }
    return null;
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error)) {
      if (reloadOnceForChunkError()) this.setState({ reloading: true });
      return;
    }
    console.error('页面渲染出错', error, info.componentStack);
  }

  override render() {
    const { error, reloading } = this.state;
    if (error === undefined) return this.props.children;
    if (reloading) return null;
    if (isChunkLoadError(error)) return <LoadErrorView />;
    return (
      <StatusView
        status="error"
        title="页面出错了"
        subTitle="页面遇到了意外问题，请刷新后重试；如果问题持续出现，请联系协会管理员。"
        action={{ label: '重试', onClick: () => this.setState({ error: undefined }) }}
      />
    );
  }
}
