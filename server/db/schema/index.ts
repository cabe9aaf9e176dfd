export * from './tracking.ts';
export * from './users.ts';
export * from './tasks.ts';
export * from './training.ts';
export * from './payments.ts';
export * from './money.ts';
export * from './promotions.ts';
export * from './ops.ts';
