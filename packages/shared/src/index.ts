export * from './permissions';
export * from './messages';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/image';
