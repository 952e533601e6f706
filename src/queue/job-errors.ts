/** How a queue job's try fails: retried (RetryableError) or final, with the page's error line (PageFetchError). */

/** A failure a retry may get past (see RETRIED_CODES); its message starts with the code. */
export class RetryableError extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

/**
 * A URL page whose fetch failed for a reason about the page itself (an address the fetch policy
 * refuses, not HTML, too large): its error line is its result, no retry.
 */
export class PageFetchError extends Error {
  constructor(readonly line: string) {
    super(line);
  }
}

