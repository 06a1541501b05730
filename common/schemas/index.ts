export * from './common';
export * from './auth';
export * from './files';
export * from './dict';
