/**
 * A refusal in the solving protocol's own vocabulary (v1 spellings, e.g. ERROR_ZERO_BALANCE);
 * the compat surface maps it to v1 bodies and v2 errorId/errorCode.
 */
export class TaskError extends Error {
  constructor(
    readonly code: string,
    message: string = code,
  ) {
    super(message);
    this.name = 'TaskError';
  }
}
