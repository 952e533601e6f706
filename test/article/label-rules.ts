/**
 * Labels for fixture pages, written by hand in `labels.json` beside `input.html`:
 *
 * ```json
 * { "url": "https://example.com/a/story.html",      // the page's URL (optional)
 *   "default": "other",                              // label of blocks no rule matches
 *   "rules": [                                        // later rules win
 *     { "select": "h1", "label": "title" },
 *     { "select": "article p", "label": "body" },
 *     { "select": "figure", "kind": "image", "label": "body" },
 *     { "text": "Share this", "label": "other" } ],
 *   "blocks": { "7": "heading" },                     // by block index, wins over rules
 *   "options": { "images": "region" } }               // ArticleOptions for the case
 * ```
 *
 * `select` is a tiny CSS subset: compound selectors (`tag`, `.class`, `#id`, `*`, `tag.a.b`)
 * joined by spaces (descendant). A block matches when its element or an ancestor matches.
 * Every field given in a rule must match (select, kind, text substring).
 */
import type { Page } from '../../src/page.js';
import type { ElementNode } from '../../src/dom/tree.js';
import { isLabel, type Label } from '../../src/labels.js';
import type { ArticleOptions } from '../../src/article/options.js';

export interface LabelRule {
  readonly select?: string;
  readonly kind?: 'text' | 'image' | 'media';
  readonly text?: string;
  readonly label: Label;
}

export interface LabelSpec {
  readonly url?: string;
  readonly default?: Label;
  readonly rules?: readonly LabelRule[];
  readonly blocks?: Readonly<Record<string, Label>>;
  readonly options?: ArticleOptions;
}

interface Compound {
  readonly tag?: string;
  readonly id?: string;
  readonly classes: readonly string[];
}

function parseSelector(sel: string): Compound[] {
  return sel.trim().split(/\s+/).map((part) => {
    const m = /^([a-z0-9*]+)?((?:[.#][\w-]+)*)$/i.exec(part);
    if (!m) throw new Error(`bad selector part '${part}' in '${sel}'`);
    const tag = m[1] && m[1] !== '*' ? m[1].toLowerCase() : undefined;
    const classes: string[] = [];
    let id: string | undefined;
    for (const s of m[2]!.match(/[.#][\w-]+/g) ?? []) {
      if (s[0] === '.') classes.push(s.slice(1));
      else id = s.slice(1);
    }
    return { ...(tag ? { tag } : {}), ...(id ? { id } : {}), classes };
  });
}

function matchesCompound(el: ElementNode, c: Compound): boolean {
  if (c.tag && el.tag !== c.tag) return false;
  if (c.id && el.attrs['id'] !== c.id) return false;
  if (c.classes.length > 0) {
    const cls = new Set((el.attrs['class'] ?? '').split(/\s+/));
    if (!c.classes.every((x) => cls.has(x))) return false;
  }
  return true;
}

/** Greedy right-to-left descendant matching over the ancestor-or-self chain. */
function matchesSelector(page: Page, elementId: number, compounds: readonly Compound[]): boolean {
  let k = compounds.length - 1;
  for (let cur = elementId; cur > 0 && k >= 0; cur = page.tree.nodes[cur]!.parent) {
    const n = page.tree.nodes[cur]!;
    if (n.kind === 'element' && matchesCompound(n, compounds[k]!)) k--;
  }
  return k < 0;
}

export function labelsFromSpec(page: Page, spec: LabelSpec): Label[] {
  const rules = (spec.rules ?? []).map((r) => {
    if (!isLabel(r.label)) throw new Error(`bad label '${String(r.label)}'`);
    return { ...r, compounds: r.select ? parseSelector(r.select) : undefined };
  });
  return page.blocks.map((b) => {
    let label: Label = spec.default ?? 'other';
    for (const r of rules) {
      if (r.kind && r.kind !== b.kind) continue;
      if (r.text !== undefined && !b.text.includes(r.text)) continue;
      if (r.compounds && !matchesSelector(page, b.elementId, r.compounds)) continue;
      label = r.label;
    }
    const byIndex = spec.blocks?.[String(b.index)];
    return byIndex && isLabel(byIndex) ? byIndex : label;
  });
}
