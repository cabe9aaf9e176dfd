import { describe, expect, it } from 'vitest';
import { errorCodeOf, errorKey } from './errors.ts';

const api = (status: number, code: string) => ({ status, data: { error: { code, message: 'x' } } });

describe('errorKey', () => {
  it('prefers the form-specific text, then the general text of the code', () => {
    expect(errorKey(api(409, 'CONFLICT'), { CONFLICT: 'edit.email.taken' })).toBe('edit.email.taken');
    expect(errorKey(api(409, 'CONFLICT'))).toBe('errors.CONFLICT');
    expect(errorKey(api(401, 'TWO_FACTOR_INVALID'))).toBe('errors.TWO_FACTOR_INVALID');
  });

  it('treats transport failures and bare statuses sensibly', () => {
    expect(errorCodeOf({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe('NETWORK');
    expect(errorKey({ status: 413, data: '<html>' })).toBe('errors.PAYLOAD_TOO_LARGE');
    expect(errorKey({ status: 500, data: { error: { code: 'INTERNAL' } } })).toBe('errors.generic');
    expect(errorKey(undefined)).toBe('errors.generic');
  });
});
