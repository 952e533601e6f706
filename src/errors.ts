/**
 * One error type for everything a user can cause: bad input, bad files, bad options.
 * `code` is a closed union so the CLI can map it to exit codes and tests can assert it.
 */
export type PithErrorCode =
  | 'NOT_HTML' // binary or otherwise non-HTML bytes
  | 'TOO_LARGE' // input above the configured byte limit
  | 'BAD_GZIP' // truncated or corrupt gzip stream
  | 'NOT_FOUND' // file or directory missing
  | 'BAD_CORPUS' // corpus folder missing files or malformed
  | 'BAD_MODEL' // model file corrupt, wrong format or version
  | 'BAD_OPTION' // invalid option or parameter value
  | 'CONFLICT' // a save based on an older revision than the one stored
  | 'FETCH_FAILED' // URL unreachable, timed out, redirected too often, non-HTML type
  | 'URL_NOT_ALLOWED' // a fetch (or a redirect of it) leads to an address the fetch policy refuses
  | 'ROBOTS_DISALLOWED' // a crawl's URL its site's robots.txt does not allow (or an unreachable robots.txt: RFC 9309)
  | 'TRAINING_FAILED' // a training run could not finish (a training thread failed or stalled)
  | 'NOT_A_FILE' // a device, FIFO, socket or other non-regular file where a page file is expected
  | 'OUTSIDE_ROOT' // a symbolic link that leads out of the folder being read
  | 'LOCKED' // an output another running pith process is writing (its lock file holds a live pid)
  | 'RENDER_FAILED' // the browser is missing, or a page hung or crashed the renderer
  | 'MISSING_PACKAGE' // an optional package the command needs (bullmq, ioredis, playwright-core, warcio) is not installed
  | 'IO'; // other filesystem problems

export class PithError extends Error {
  readonly code: PithErrorCode;
  /** The file, URL or option the problem is about, when there is one. */
  readonly subject: string | undefined;

  constructor(code: PithErrorCode, message: string, subject?: string, options?: { cause?: unknown }) {
    super(subject ? `${subject}: ${message}` : message, options);
    this.name = 'PithError';
    this.code = code;
    this.subject = subject;
  }
}

export function isPithError(e: unknown): e is PithError {
  return e instanceof PithError;
}
