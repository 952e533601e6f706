/**
 * Parsing the text of `<script type="application/ld+json">` the way pages actually write it:
 * wrapped in `<![CDATA[ ... ]]>` or `<!-- ... -->` (XHTML-era templates), with raw line breaks
 * or tabs inside strings, or with trailing commas. Strict JSON first; one lenient retry.
 */

/** Wrappers around the JSON, with optional `//` line-comment prefixes (`//<![CDATA[`). */
const LEADING_WRAPPER = /^\s*(?:\/\/\s*)?(?:<!\[CDATA\[|<!--)/;
const TRAILING_WRAPPER = /(?:\/\/\s*)?(?:\]\]>|-->)\s*$/;

/** The parsed value, or undefined when the text is not JSON even after the lenient retry. */
export function parseJsonLd(raw: string): unknown {
  const text = raw.replace(LEADING_WRAPPER, '').replace(TRAILING_WRAPPER, '');
  try {
    return JSON.parse(text);
  } catch {
    // Control characters are invalid inside JSON strings and mere white space outside them,
    // so a space keeps the meaning; a comma before a closing bracket is a common hand-edit slip.
    const lenient = text.replace(/[\u0000-\u001f]+/g, ' ').replace(/,\s*([}\]])/g, '$1');
    if (lenient === text) return undefined;
    try {
      return JSON.parse(lenient);
    } catch {
      return undefined;
    }
  }
}

/**
 * Scripts above this size are skipped: pages embed whole catalogues, and the article's own
 * object is never that large (the largest on the shared corpora is 52 000 characters).
 */
export const MAX_JSON_LD_CHARS = 1_000_000;

/** Anything with a `jsonLd` list of raw script texts (a `DomTree`). */
export interface HasJsonLd {
  readonly jsonLd: readonly string[];
}

const parsedByTree = new WeakMap<HasJsonLd, readonly unknown[]>();

/**
 * The page's JSON-LD, one parsed value per script that is JSON (leniently) and not oversized.
 * Parsed once per tree and shared by every reader (features, decoder, metadata), so a page pays
 * for its structured data once. The values are frozen at the top only; readers must not mutate.
 */
export function jsonLdValues(tree: HasJsonLd): readonly unknown[] {
  let values = parsedByTree.get(tree);
  if (values === undefined) {
    const out: unknown[] = [];
    for (const raw of tree.jsonLd) {
      if (raw.length > MAX_JSON_LD_CHARS) continue;
      const v = parseJsonLd(raw);
      if (v !== undefined) out.push(v);
    }
    values = Object.freeze(out);
    parsedByTree.set(tree, values);
  }
  return values;
}

/** Values (objects and arrays) a walk looks at per script: far above any article's own. */
export const MAX_JSON_LD_WALK = 5000;

type JsonObject = Readonly<Record<string, unknown>>;

/**
 * Depth-first over each script's values in document order, descending into arrays and into the
 * keys `keysOf` names; at most `maxNodes` values per script (iterative, so hostile nesting costs
 * little). `visit` returning true stops the walk.
 */
function walkBounded(tree: HasJsonLd, visit: (o: JsonObject) => boolean | void, maxNodes: number, keysOf: (o: JsonObject) => readonly string[]): void {
  for (const data of jsonLdValues(tree)) {
    const stack: unknown[] = [data];
    let seen = 0;
    while (stack.length > 0 && seen++ < maxNodes) {
      const v = stack.pop();
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
        continue;
      }
      if (!v || typeof v !== 'object') continue;
      const o = v as JsonObject;
      if (visit(o) === true) return;
      const keys = keysOf(o);
      for (let i = keys.length - 1; i >= 0; i--) {
        const c = o[keys[i]!];
        if (c && typeof c === 'object') stack.push(c);
      }
    }
  }
}

/**
 * Calls `visit` on every object in the page's JSON-LD, depth-first in document order, at most
 * `maxNodes` values per script. `visit` returning true stops the walk.
 */
export function walkJsonLdObjects(tree: HasJsonLd, visit: (o: JsonObject) => boolean | void, maxNodes = MAX_JSON_LD_WALK): void {
  walkBounded(tree, visit, maxNodes, Object.keys);
}

/** Keys whose values are the page's own subject, not something it mentions (`publisher.owns`, `itemReviewed`). */
const PAGE_SUBJECT_KEYS: readonly string[] = ['@graph', 'mainEntity', 'mainEntityOfPage'];

/**
 * Calls `visit` on the objects that say what the page itself is: each script's top-level
 * objects, the members of their `@graph`, and their `mainEntity`, followed through those keys
 * only (at most `maxNodes` values per script). A blog post whose publisher `owns` products, or
 * a review whose `itemReviewed` is one, is not thereby a product page.
 */
export function walkPageJsonLdObjects(tree: HasJsonLd, visit: (o: JsonObject) => void, maxNodes = MAX_JSON_LD_WALK): void {
  walkBounded(tree, visit, maxNodes, () => PAGE_SUBJECT_KEYS);
}

/** The type names an `@type` (or `itemtype`) value gives, without their vocabulary's URL: `"http://schema.org/Product"` is `Product`. */
export function typeNames(t: unknown): string[] {
  const list = Array.isArray(t) ? t : [t];
  return list.flatMap((x) => (typeof x === 'string' ? x.split(/\s+/).map((n) => n.replace(/^.*[/#]/, '')) : []));
}
