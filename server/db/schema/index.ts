export * from './tracking.ts';
export * from './users.ts';
