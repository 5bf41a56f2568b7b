import type { ZodError } from 'zod';
import { toIssues, type ApiErrorBody, type ErrorCode, type Issue } from '#shared/api-error.ts';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A link that expired or was used up (decision 0089): the message says which. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  RANGE_NOT_SATISFIABLE: 416,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  FILE_STORE_UNAVAILABLE: 503,
};

/** The error every layer below tRPC and the REST shims throws; both translate it the same way. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: Issue[] | undefined;

  constructor(code: ErrorCode, message: string, issues?: Issue[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = issues;
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) } };
  }

  static validation(error: ZodError, message = 'Some fields need attention'): AppError {
    return new AppError('BAD_REQUEST', message, toIssues(error));
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }
}

export const REJECTED_VALUE_MESSAGE = 'Some of the data cannot be saved. Check for unusual characters or values.';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again in a moment.';

export const FILE_STORE_UNAVAILABLE_MESSAGE =
  'The file store cannot be reached right now, so files cannot be saved or opened. Please try again later.';
