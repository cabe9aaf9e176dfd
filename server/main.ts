// React, Fastify and friends pick their production code paths from NODE_ENV when first imported,
// so it is settled here, before anything else loads.
process.env.NODE_ENV ??= 'production';
await import('./start.ts');
export {};
