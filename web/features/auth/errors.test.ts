import { describe, expect, it } from 'vitest';
import {
  authErrorMessage,
  checkCode,
  checkEmail,
  checkNewPassword,
  isLinkInvalid,
  normalizeCode,
  readAuthError,
} from './errors.ts';
import { createAuthI18n } from './testing.tsx';

const body = (code: string, details?: unknown) => ({
  status: 400,
  data: { error: { code, message: 'server text', details } },
});

describe('readAuthError', () => {
  it('tells a network failure from an answer without an error body', () => {
    expect(readAuthError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      code: 'NETWORK',
      fields: [],
    });
    expect(readAuthError({ status: 502, data: '<html>Bad gateway</html>' })).toEqual({ code: 'UNKNOWN', fields: [] });
    expect(readAuthError(undefined)).toEqual({ code: 'UNKNOWN', fields: [] });
  });

  it('keeps the wait of a rate limit and the fields of a validation failure', () => {
    expect(readAuthError(body('RATE_LIMITED', { retryAfter: 540 }))).toEqual({
      code: 'RATE_LIMITED',
      retryAfter: 540,
      fields: [],
    });
    expect(readAuthError(body('RATE_LIMITED'))).toEqual({ code: 'RATE_LIMITED', fields: [] });
    const validation = readAuthError(
      body('VALIDATION_FAILED', [
        { path: '/email', message: 'Invalid email' },
        { path: '/email', message: 'Too long' },
        { path: '/password', message: 'x' },
        { path: '' },
      ]),
    );
    expect(validation).toEqual({ code: 'VALIDATION_FAILED', fields: ['email', 'password'] });
  });
});

describe('authErrorMessage', () => {
  const en = createAuthI18n('en').getFixedT('en', 'auth');
  const ru = createAuthI18n('ru').getFixedT('ru', 'auth');
  const zh = createAuthI18n('zh').getFixedT('zh', 'auth');

  it('translates the codes a sign-in can fail with', () => {
    expect(authErrorMessage(en, { code: 'INVALID_CREDENTIALS', fields: [] })).toBe('Wrong e-mail or password.');
    expect(authErrorMessage(ru, { code: 'INVALID_CREDENTIALS', fields: [] })).toBe(
      'Неверный адрес электронной почты или пароль.',
    );
    expect(authErrorMessage(zh, { code: 'INVALID_CREDENTIALS', fields: [] })).toBe('邮箱或密码错误。');
    expect(authErrorMessage(en, { code: 'ACCOUNT_BLOCKED', fields: [] })).toMatch(/blocked/);
  });

  it('states the wait in whole minutes, with plural forms', () => {
    expect(authErrorMessage(en, { code: 'RATE_LIMITED', retryAfter: 30, fields: [] })).toBe(
      'Too many attempts. Try again in 1 minute.',
    );
    expect(authErrorMessage(en, { code: 'RATE_LIMITED', retryAfter: 840, fields: [] })).toBe(
      'Too many attempts. Try again in 14 minutes.',
    );
    expect(authErrorMessage(ru, { code: 'RATE_LIMITED', retryAfter: 120, fields: [] })).toBe(
      'Слишком много попыток. Попробуйте снова через 2 минуты.',
    );
    expect(authErrorMessage(ru, { code: 'RATE_LIMITED', retryAfter: 900, fields: [] })).toBe(
      'Слишком много попыток. Попробуйте снова через 15 минут.',
    );
    expect(authErrorMessage(ru, { code: 'RATE_LIMITED', retryAfter: 1260, fields: [] })).toBe(
      'Слишком много попыток. Попробуйте снова через 21 минуту.',
    );
    expect(authErrorMessage(zh, { code: 'RATE_LIMITED', retryAfter: 300, fields: [] })).toBe(
      '尝试次数过多。请在 5 分钟后重试。',
    );
    expect(authErrorMessage(en, { code: 'RATE_LIMITED', fields: [] })).toBe(
      'Too many attempts. Wait a few minutes and try again.',
    );
  });

  it('falls back to a general sentence for codes without their own', () => {
    expect(authErrorMessage(en, { code: 'INTERNAL', fields: [] })).toBe(
      'Something went wrong on our side. Try again in a minute.',
    );
    expect(authErrorMessage(en, { code: 'UNKNOWN', fields: [] })).toBe(
      'Something went wrong on our side. Try again in a minute.',
    );
  });
});

describe('isLinkInvalid', () => {
  it('treats an expired link and garbled link parameters alike', () => {
    expect(isLinkInvalid({ code: 'LINK_INVALID', fields: [] })).toBe(true);
    expect(isLinkInvalid({ code: 'VALIDATION_FAILED', fields: ['hash'] })).toBe(true);
    expect(isLinkInvalid({ code: 'VALIDATION_FAILED', fields: ['password'] })).toBe(false);
    expect(isLinkInvalid({ code: 'RATE_LIMITED', fields: [] })).toBe(false);
  });
});

describe('field checks', () => {
  it('checks e-mail addresses like the server does', () => {
    expect(checkEmail('')).toBe('fields.email.required');
    expect(checkEmail('   ')).toBe('fields.email.required');
    expect(checkEmail('not-an-address')).toBe('fields.email.invalid');
    expect(checkEmail(' Someone@Example.COM ')).toBeNull();
  });

  it('asks new passwords for 10 to 128 characters', () => {
    expect(checkNewPassword('')).toBe('fields.newPassword.required');
    expect(checkNewPassword('123456789')).toBe('fields.newPassword.short');
    expect(checkNewPassword('1234567890')).toBeNull();
    expect(checkNewPassword('x'.repeat(129))).toBe('fields.newPassword.long');
  });

  it('accepts codes typed with spaces and recovery codes', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(checkCode(normalizeCode('123 45'))).toBe('fields.code.short');
    expect(checkCode('')).toBe('fields.code.required');
    expect(checkCode('abcde-12345')).toBeNull();
  });
});
