export * from './tracking.ts';
export * from './users.ts';
export * from './tasks.ts';
