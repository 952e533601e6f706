/** The output formats' names, as `pith extract --format`, `pith batch --format` and the service's `format` take them. Imports nothing. */

export type OutputFormat = 'text' | 'markdown' | 'html' | 'json' | 'csv' | 'xml' | 'tei';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'markdown', 'html', 'json', 'csv', 'xml', 'tei'];
/** Other names a `--format` value may be given as (trafilatura's `txt`). */
const FORMAT_ALIASES: Readonly<Record<string, OutputFormat>> = Object.freeze({ txt: 'text' });

/** A `--format` value as an output format (aliases resolved), else undefined. */
export function outputFormatNamed(name: string): OutputFormat | undefined {
  const f = Object.hasOwn(FORMAT_ALIASES, name) ? FORMAT_ALIASES[name]! : name;
  return (OUTPUT_FORMATS as readonly string[]).includes(f) ? (f as OutputFormat) : undefined;
}
