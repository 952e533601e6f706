/**
 * A fast, forgiving text scan of HTML for gold files that mark labels with elements
 * (l3s-gn1's `<span class="x-nc-selN">`): it yields text runs with the class of the
 * innermost marking span. Not a full parser: it only has to recover the text and marks
 * in order; exact DOM shape does not matter because alignment matches text to text.
 */
import { INLINE_TAGS } from '../../segment/segment.js';

export interface MarkedRun {
  /** Class of the innermost marking element, or undefined outside any. */
  readonly mark: string | undefined;
  readonly text: string;
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', copy: '©', reg: '®', trade: '™',
  mdash: '—', ndash: '–', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«',
  raquo: '»', middot: '·', bull: '•', eacute: 'é', egrave: 'è', aacute: 'á', agrave: 'à', ouml: 'ö',
  uuml: 'ü', auml: 'ä', szlig: 'ß', ccedil: 'ç', ntilde: 'ñ', iacute: 'í', oacute: 'ó', uacute: 'ú',
  pound: '£', euro: '€', cent: '¢', deg: '°', frac12: '½', times: '×',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (m, body: string) => {
    if (body[0] === '#') {
      const cp = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : ' ';
    }
    const v = NAMED[body.toLowerCase()];
    return v ?? (m.endsWith(';') ? ' ' : m);
  });
}

const SKIP_RE = /<!--[\s\S]*?-->|<(script|style|noscript|textarea|head|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG_RE = /<(\/?)([a-zA-Z][\w:-]*)([^>]*)>/g;
const CLASS_RE = /\bclass\s*=\s*["']?([^"'\s>]+)/i;

/** Text runs of `html` with the innermost `markTag` element's class matching `markClass`. */
export function markedRuns(html: string, markTag: string, markClass: RegExp): MarkedRun[] {
  const src = html.replace(SKIP_RE, ' ');
  const runs: MarkedRun[] = [];
  const stack: (string | undefined)[] = [];
  let last = 0;
  let pending = '';
  let pendingMark: string | undefined;
  const flush = (): void => {
    const text = pending.replace(/\s+/g, ' ').trim();
    if (text) runs.push({ mark: pendingMark, text });
    pending = '';
  };
  const push = (text: string, mark: string | undefined): void => {
    if (mark !== pendingMark) {
      // White space joins the run it follows; only real text starts a new run.
      if (!text.trim()) {
        pending += text;
        return;
      }
      flush();
      pendingMark = mark;
    }
    pending += text;
  };
  for (const m of src.matchAll(TAG_RE)) {
    const text = decodeEntities(src.slice(last, m.index));
    const mark = stack.length > 0 ? stack[stack.length - 1] : undefined;
    if (text) push(text, mark);
    last = m.index + m[0].length;
    const tag = m[2]!.toLowerCase();
    if (!INLINE_TAGS.has(tag)) push(' ', mark);
    if (tag !== markTag) continue;
    if (m[1]) stack.pop();
    else if (!m[3]!.trimEnd().endsWith('/')) {
      const cls = CLASS_RE.exec(m[3]!)?.[1];
      stack.push(cls && markClass.test(cls) ? cls : mark);
    }
  }
  push(decodeEntities(src.slice(last)), stack.length > 0 ? stack[stack.length - 1] : undefined);
  flush();
  return runs;
}
