/** The one guard for "a plain JSON object" (not null, not an array): every reader of untrusted JSON uses it. */
export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
