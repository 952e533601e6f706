/** The `--name VALUE` options of the bench scripts that read process.argv directly. */

/** The value after `--name` on the command line, or `fallback`. */
export function argValue(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
