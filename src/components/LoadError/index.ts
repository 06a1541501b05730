export { default as LoadErrorBoundary } from './LoadErrorBoundary';
export { default as LoadErrorView } from './LoadErrorView';
export * from './chunkError';
export { default as LoadFailed, type LoadFailedProps } from './LoadFailed';
