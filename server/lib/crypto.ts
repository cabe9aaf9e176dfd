import { createHash, randomBytes } from 'node:crypto';

/** A random url-safe token of `bytes` bytes of entropy. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** 32 characters of [a-f0-9], the API key format client libraries expect. */
export const newApiKey = () => randomBytes(16).toString('hex');
