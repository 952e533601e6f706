/**
 * Parses XML back into a small tree with saxes (a strict, namespace-aware XML 1.0 parser
 * already installed as jsdom's), so tests check the XML writers' output is well-formed and
 * read what it says. Any well-formedness or namespace error throws.
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  readonly name: string;
  /** The element's namespace URI ('' when none). */
  readonly uri: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
}
export type XmlNode = XmlElement | string;

interface Building { name: string; uri: string; attrs: Record<string, string>; children: XmlNode[] }

export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const errors: string[] = [];
  const stack: Building[] = [];
  let root: Building | undefined;
  parser.on('error', (e) => errors.push(e.message));
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) attrs[a.name] = a.value;
    const el: Building = { name: tag.name, uri: tag.uri, attrs, children: [] };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(el);
    else root = el;
    stack.push(el);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (t) => {
    if (stack.length > 0) stack[stack.length - 1]!.children.push(t);
    else if (t.trim() !== '') errors.push(`text outside the root: ${JSON.stringify(t)}`);
  });
  parser.write(xml).close();
  if (errors.length > 0) throw new Error(`not well-formed XML: ${errors.join('; ')}`);
  if (!root) throw new Error('no root element');
  return root;
}

/** The element's text, descendants' included. */
export function textOf(node: XmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

/** Child elements named `name`. */
export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name === name);
}

/** The first element at the path of names below `el` (each step a child), else undefined. */
export function at(el: XmlElement, ...path: string[]): XmlElement | undefined {
  let cur: XmlElement | undefined = el;
  for (const name of path) cur = cur ? childrenNamed(cur, name)[0] : undefined;
  return cur;
}

/** Every element in the tree, in document order. */
export function allElements(el: XmlElement): XmlElement[] {
  return [el, ...el.children.flatMap((c) => (typeof c === 'string' ? [] : allElements(c)))];
}
