export * from './tracking.ts';
