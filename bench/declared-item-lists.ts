/**
 * The records benches' gold: the `ItemList`s a page declares in JSON-LD, and each list's
 * entries as the item objects they name (an entry's `item`, else the entry itself).
 */

/** A JSON-LD script block; its text in group 1. */
export const LD_RE = /<script\b[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/gi;

/** Every `ItemList` declared in the page's JSON-LD (unparsable blocks skipped), as lists of their entries' item objects. */
export function declaredItemLists(html: string): Record<string, unknown>[][] {
  const lists: Record<string, unknown>[][] = [];
  for (const m of html.matchAll(LD_RE)) {
    let data: unknown;
    try {
      data = JSON.parse(m[1]!);
    } catch {
      continue;
    }
    const walk = (x: unknown, depth: number): void => {
      if (depth > 12 || x === null || typeof x !== 'object') return;
      if (Array.isArray(x)) return x.forEach((v) => walk(v, depth + 1));
      const o = x as Record<string, unknown>;
      if (o['@type'] === 'ItemList') lists.push(listEntries(o));
      for (const v of Object.values(o)) walk(v, depth + 1);
    };
    walk(data, 0);
  }
  return lists;
}

/** An ItemList's entries as item objects, each with the entry's own `url` where its item has none. */
function listEntries(list: Record<string, unknown>): Record<string, unknown>[] {
  const els = Array.isArray(list['itemListElement']) ? (list['itemListElement'] as unknown[]) : [];
  return els.flatMap((e) => {
    if (!e || typeof e !== 'object') return [];
    const o = e as Record<string, unknown>;
    const it = (o['item'] && typeof o['item'] === 'object' ? o['item'] : o) as Record<string, unknown>;
    return [typeof it['url'] !== 'string' && typeof o['url'] === 'string' ? { ...it, url: o['url'] } : it];
  });
}
