/**
 * Errors as the service answers them: `{ "error": { "code", "message" } }` with an HTTP
 * status. Codes are pith's `PithError` codes where one fits, plus the service's own.
 */
import { isPithError, type PithErrorCode } from '../errors.js';

export type ServiceErrorCode =
  | PithErrorCode
  | 'BAD_REQUEST' // malformed request line, headers or JSON
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'METHOD_NOT_ALLOWED'
  | 'OVERLOADED' // more requests in flight than --max-inflight
  | 'UNAVAILABLE' // starting or shutting down
  | 'TIMEOUT' // over the per-request time limit
  | 'REQUEST_TIMEOUT' // the client did not send its request in time
  | 'HEADERS_TOO_LARGE' // over the header size bound or the header line count
  | 'TOO_COMPRESSED' // a gzip body that inflates past the ratio bound
  | 'TOO_MANY_CONNECTIONS' // a client over its share of open connections
  | 'OUT_OF_MEMORY' // the page needs more than a worker's heap
  | 'INTERNAL';

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: ServiceErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** The HTTP status of each pith error code. */
export function statusOfCode(code: ServiceErrorCode): number {
  switch (code) {
    case 'BAD_OPTION': case 'BAD_REQUEST': return 400;
    case 'URL_NOT_ALLOWED': return 403;
    case 'NOT_FOUND': return 404;
    case 'METHOD_NOT_ALLOWED': return 405;
    case 'REQUEST_TIMEOUT': return 408;
    case 'TOO_LARGE': case 'TOO_COMPRESSED': return 413;
    case 'UNSUPPORTED_MEDIA_TYPE': return 415;
    case 'NOT_HTML': case 'BAD_GZIP': case 'OUT_OF_MEMORY': return 422;
    case 'TOO_MANY_CONNECTIONS': return 429;
    case 'HEADERS_TOO_LARGE': return 431;
    case 'FETCH_FAILED': return 502;
    case 'OVERLOADED': case 'UNAVAILABLE': return 503;
    case 'TIMEOUT': return 504;
    default: return 500;
  }
}

/** Any thrown value as a ServiceError: PithErrors keep their code; anything else is INTERNAL. */
export function toServiceError(e: unknown): ServiceError {
  if (e instanceof ServiceError) return e;
  if (isPithError(e)) return new ServiceError(statusOfCode(e.code), e.code, e.message);
  if (e && typeof e === 'object' && 'code' in e && typeof (e as { code: unknown }).code === 'string' && 'message' in e) {
    const { code, message } = e as { code: string; message: string };
    // A worker's reply carries {code, message} of a PithError.
    if (statusOfCode(code as ServiceErrorCode) !== 500 || code === 'INTERNAL') return new ServiceError(statusOfCode(code as ServiceErrorCode), code as ServiceErrorCode, message);
  }
  return new ServiceError(500, 'INTERNAL', `internal error: ${(e as Error)?.message ?? String(e)}`);
}
