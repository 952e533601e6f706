/**
 * A validator for the JSON Schema subset schema/extraction.schema.json uses: type (one or a
 * list), properties, required, additionalProperties (false or a schema), items, enum, const,
 * minimum, maximum and local `$ref`s to `#/$defs/...`. An unknown keyword is an error, so the
 * schema cannot use more than this checks.
 */
type Schema = Record<string, unknown>;

const KNOWN = new Set(['$schema', '$id', 'title', 'description', '$defs', '$ref', 'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'minimum', 'maximum']);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typeMatches(want: string, v: unknown): boolean {
  const t = typeOf(v);
  return want === t || (want === 'number' && t === 'integer');
}

/** The places where `value` breaks `schema` (empty when it is valid), each as `path: problem`. */
export function validate(root: Schema, value: unknown, schema: Schema = root, path = '$'): string[] {
  for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`json-schema: keyword '${k}' at ${path} is not supported`);
  if (typeof schema['$ref'] === 'string') {
    const m = /^#\/\$defs\/(.+)$/.exec(schema['$ref']);
    if (!m) throw new Error(`json-schema: only #/$defs/ refs, got ${schema['$ref']}`);
    const target = (root['$defs'] as Record<string, Schema>)[m[1]!];
    if (!target) throw new Error(`json-schema: no $defs/${m[1]}`);
    return validate(root, value, target, path);
  }
  const errors: string[] = [];
  if (schema['type'] !== undefined) {
    const types = Array.isArray(schema['type']) ? (schema['type'] as string[]) : [schema['type'] as string];
    if (!types.some((t) => typeMatches(t, value))) return [`${path}: expected ${types.join(' or ')}, got ${typeOf(value)}`];
  }
  if (schema['enum'] !== undefined && !(schema['enum'] as unknown[]).some((e) => e === value)) errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema['enum'])}`);
  if ('const' in schema && schema['const'] !== value) errors.push(`${path}: expected ${JSON.stringify(schema['const'])}`);
  if (typeof value === 'number') {
    if (typeof schema['minimum'] === 'number' && value < schema['minimum']) errors.push(`${path}: ${value} < ${schema['minimum']}`);
    if (typeof schema['maximum'] === 'number' && value > schema['maximum']) errors.push(`${path}: ${value} > ${schema['maximum']}`);
  }
  if (Array.isArray(value) && schema['items'] !== undefined) {
    value.forEach((v, i) => errors.push(...validate(root, v, schema['items'] as Schema, `${path}[${i}]`)));
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema['properties'] ?? {}) as Record<string, Schema>;
    for (const r of (schema['required'] ?? []) as string[]) if (!(r in obj)) errors.push(`${path}: missing '${r}'`);
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errors.push(...validate(root, v, props[k]!, `${path}.${k}`));
      else if (schema['additionalProperties'] === false) errors.push(`${path}: unexpected '${k}'`);
      else if (typeof schema['additionalProperties'] === 'object') errors.push(...validate(root, v, schema['additionalProperties'] as Schema, `${path}.${k}`));
    }
  }
  return errors;
}
