export * from './common';
export * from './auth';
export * from './files';
export * from './dict';
export * from './users';
export * from './roles';
export * from './system';
export * from './operationLogs';
