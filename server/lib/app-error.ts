import { ERROR_CODES, type ErrorCode } from '#shared/errors.ts';

/** The one error type of the domain; each surface maps `code` to its wire format. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}
