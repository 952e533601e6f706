/**
 * Checks written HTML the way a browser reads it (parse5): only allow-listed tags and
 * attributes, and no URL with a scheme other than http(s)/mailto. Used on every fixture
 * and on the XSS cases.
 */
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from '../../src/article/to-html.js';
import { urlScheme } from '../../src/article/urls.js';

type Node = DefaultTreeAdapterMap['node'];

/** Problems found, empty when the HTML is safe. */
export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: Node[] = [parseFragment(html) as unknown as Node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const el = n as DefaultTreeAdapterMap['element'];
    if (el.tagName !== undefined) {
      if (!ALLOWED_TAGS.has(el.tagName)) problems.push(`tag <${el.tagName}>`);
      for (const a of el.attrs) {
        if (!ALLOWED_ATTRIBUTES.has(a.name)) problems.push(`attribute ${a.name} on <${el.tagName}>`);
        if (a.name === 'href' || a.name === 'src') {
          const s = urlScheme(a.value);
          const ok = s === undefined || s === 'http' || s === 'https' || (a.name === 'href' && s === 'mailto');
          if (!ok) problems.push(`${a.name}="${a.value}"`);
        }
      }
    }
    const kids = (n as { childNodes?: Node[] }).childNodes ?? [];
    for (const c of kids) stack.push(c);
    const content = (n as { content?: Node }).content;
    if (content) stack.push(content);
  }
  return problems;
}
