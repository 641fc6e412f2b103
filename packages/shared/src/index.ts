export * from './characters.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/users.ts';
export * from './validation.ts';
export * from './badges.ts';
