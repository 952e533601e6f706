/** Text as compared for sameness: compatibility-normalised, lower-case, letters and digits only, single spaces. */
export function comparableText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}
