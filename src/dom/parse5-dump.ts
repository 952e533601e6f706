/**
 * A parse5 tree written out in full, one line per node, to compare two parses of the same input:
 * node kinds, names, namespaces, attributes with their namespaces and prefixes, text and comment
 * data, the doctype, the document's quirks mode, template contents and, when the parse kept them,
 * source locations. Iterative, so deep trees cannot overflow the stack.
 */
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

/** Every fact of `root`'s tree, in document order (template contents after the template's own line). */
export function dumpParse5Tree(root: Node): string {
  const lines: string[] = [];
  const stack: { node: Node; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    lines.push(`${depth} ${describeNode(node)}`);
    const children: Node[] = [];
    if ('content' in node && node.content !== undefined) children.push(node.content);
    if ('childNodes' in node) children.push(...node.childNodes);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
  return lines.join('\n');
}

function describeNode(node: Node): string {
  const location = 'sourceCodeLocation' in node && node.sourceCodeLocation ? ` @${JSON.stringify(node.sourceCodeLocation)}` : '';
  switch (node.nodeName) {
    case '#document':
      return `#document mode=${(node as DefaultTreeAdapterMap['document']).mode}${location}`;
    case '#document-fragment':
      return `#document-fragment${location}`;
    case '#documentType': {
      const doctype = node as DefaultTreeAdapterMap['documentType'];
      return `#doctype ${JSON.stringify([doctype.name, doctype.publicId, doctype.systemId])}${location}`;
    }
    case '#text':
      return `#text ${JSON.stringify((node as DefaultTreeAdapterMap['textNode']).value)}${location}`;
    case '#comment':
      return `#comment ${JSON.stringify((node as DefaultTreeAdapterMap['commentNode']).data)}${location}`;
    default: {
      const element = node as DefaultTreeAdapterMap['element'];
      const attrs = element.attrs.map((a) => [a.name, a.value, a.namespace ?? null, a.prefix ?? null]);
      return `<${element.tagName}> ${element.namespaceURI} ${JSON.stringify(attrs)}${location}`;
    }
  }
}
