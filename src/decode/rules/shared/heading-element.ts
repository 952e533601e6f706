import type { Block } from '../../../segment/segment.js';

/** The block sits in an h2-h6 element (itself, or up to two levels of inline markup inside it). */
export function inHeadingElement(block: Block): boolean {
  // Only the path's last three tags: a hostile page's path can be 100 000 tags long.
  let end = block.tagPath.length;
  for (let k = 0; k < 3 && end > 0; k++) {
    const start = block.tagPath.lastIndexOf('/', end - 1) + 1;
    if (end - start === 2 && block.tagPath[start] === 'h' && block.tagPath[start + 1]! >= '2' && block.tagPath[start + 1]! <= '6') return true;
    end = start - 1;
  }
  return false;
}
