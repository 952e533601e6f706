/**
 * The function that runs inside the rendered page and reads back what Chromium drew: one
 * record per element in document order (`getElementsByTagName('*')` is document order, as
 * pith's node array is). It is serialised by Playwright and run in the page, so it must be
 * self-contained: no imports, no closures over module scope.
 */

// The few browser globals the collector reads (src/ compiles without the DOM library).
interface BrowserRect { readonly left: number; readonly top: number; readonly width: number; readonly height: number }
interface BrowserStyle {
  readonly display: string; readonly visibility: string; readonly opacity: string; readonly fontSize: string;
  readonly fontWeight: string; readonly color: string; readonly backgroundColor: string;
  getPropertyValue(name: string): string;
}
interface BrowserElement { readonly localName: string; readonly parentElement: BrowserElement | null; getBoundingClientRect(): BrowserRect; readonly scrollWidth: number; readonly scrollHeight: number }
declare const document: {
  getElementsByTagName(name: string): { readonly length: number; readonly [i: number]: BrowserElement };
  readonly documentElement: BrowserElement | null;
  readonly body: BrowserElement | null;
};
declare const window: { readonly scrollX: number; readonly scrollY: number };
declare function getComputedStyle(el: BrowserElement): BrowserStyle;
type Element = BrowserElement;

export interface CollectArgs {
  /** Also capture the computed style declarations styled output inlines. */
  readonly styles: boolean;
  readonly styleProperties: readonly string[];
}

export interface CollectedPage {
  /** Lower-case local names, one per element in document order. */
  readonly tags: string[];
  /** Per element: x, y, w, h, visible, fontSize, fontWeight, contrast (8 numbers, NaN as null). */
  readonly values: (number | null)[];
  readonly styles: string[];
  /** Per element: index into `styles` (-1 none); empty when styles were not asked for. */
  readonly styleOf: number[];
  readonly pageWidth: number;
  readonly pageHeight: number;
}

export const VALUES_PER_ELEMENT = 8;

/** Properties styled output keeps: what makes text look as it did (fonts, colours, spacing). */
export const STYLE_PROPERTIES: readonly string[] = Object.freeze([
  'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'color', 'background-color',
  'text-align', 'text-transform', 'text-decoration-line', 'letter-spacing', 'word-spacing', 'white-space',
  'margin-top', 'margin-bottom', 'margin-left', 'margin-right',
  'padding-top', 'padding-bottom', 'padding-left', 'padding-right', 'list-style-type', 'display',
]);

/** Runs in the page (see the module comment). */
export function collectLayout(args: CollectArgs): CollectedPage {
  const parseColour = (s: string): [number, number, number, number] | null => {
    const m = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(s);
    if (!m) return null;
    let a = 1;
    if (m[4] !== undefined) a = m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return [parseFloat(m[1]!), parseFloat(m[2]!), parseFloat(m[3]!), a];
  };
  const luminance = (c: readonly number[]): number => {
    const ch = (v: number): number => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * ch(c[0]!) + 0.7152 * ch(c[1]!) + 0.0722 * ch(c[2]!);
  };
  const all = document.getElementsByTagName('*');
  const n = all.length;
  const index = new Map<Element, number>();
  const skipped = new Set<Element>();
  const tags: string[] = new Array(n);
  const values: (number | null)[] = new Array(n * 8);
  const backgrounds: [number, number, number][] = new Array(n);
  const styleIndex = new Map<string, number>();
  const styles: string[] = [];
  const styleOf: number[] = args.styles ? new Array(n) : [];
  const sx = window.scrollX;
  const sy = window.scrollY;
  // pith's tree keeps these elements but not their insides (SKIPPED_TAGS in src/dom/parse.ts): skip them too.
  const opaque = new Set(['annotation', 'annotation-xml', 'select', 'datalist', 'applet', 'textarea', 'noembed', 'noframes']);
  let i = -1;
  for (let k = 0; k < n; k++) {
    const el = all[k]!;
    const parentEl = el.parentElement;
    if (parentEl && skipped.has(parentEl)) {
      skipped.add(el);
      continue;
    }
    if (opaque.has(el.localName.toLowerCase())) skipped.add(el);
    i++;
    index.set(el, i);
    tags[i] = el.localName.toLowerCase();
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const parent = parentEl ? index.get(parentEl) : undefined;
    const own = parseColour(cs.backgroundColor);
    const inherited: [number, number, number] = parent !== undefined ? backgrounds[parent]! : [255, 255, 255];
    backgrounds[i] = own && own[3] > 0.5 ? [own[0], own[1], own[2]] : inherited;
    const fg = parseColour(cs.color);
    let contrast: number | null = null;
    if (fg) {
      const l1 = luminance(fg);
      const l2 = luminance(backgrounds[i]!);
      contrast = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    }
    const shown = cs.display !== 'none' && cs.visibility === 'visible' && parseFloat(cs.opacity) > 0.05 && r.width > 0 && r.height > 0;
    const o = i * 8;
    values[o] = r.left + sx;
    values[o + 1] = r.top + sy;
    values[o + 2] = r.width;
    values[o + 3] = r.height;
    values[o + 4] = shown ? 1 : 0;
    values[o + 5] = parseFloat(cs.fontSize) || null;
    values[o + 6] = parseFloat(cs.fontWeight) || null;
    values[o + 7] = contrast;
    if (args.styles) {
      let decl = '';
      for (const p of args.styleProperties) {
        const v = cs.getPropertyValue(p);
        if (v) decl += `${p}:${v};`;
      }
      let k = styleIndex.get(decl);
      if (k === undefined) {
        k = styles.length;
        styles.push(decl);
        styleIndex.set(decl, k);
      }
      styleOf[i] = k;
    }
  }
  const root = document.documentElement;
  const kept = i + 1;
  tags.length = kept;
  values.length = kept * 8;
  if (args.styles) styleOf.length = kept;
  return {
    tags, values, styles, styleOf,
    pageWidth: Math.max(root ? root.scrollWidth : 0, document.body ? document.body.scrollWidth : 0),
    pageHeight: Math.max(root ? root.scrollHeight : 0, document.body ? document.body.scrollHeight : 0),
  };
}
