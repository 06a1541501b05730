export { default as LoadErrorBoundary } from './LoadErrorBoundary';
export { default as LoadErrorView } from './LoadErrorView';
export * from './chunkError';
