/**
 * A line in which the site asks its reader for something (subscribe to the newsletter, order
 * the issue, support its work, become a member, follow it, get its app) is the site speaking
 * to the reader, not the article: such short body lines become other. A page with many is
 * about them (a membership page, a newsletter's sign-up) and is left alone, as are
 * documentation pages, where "subscribe to" is an API's.
 */
import type { DecodeRule } from '../rule.js';
import { READER_APPEAL, READER_APPEAL_OBJECT } from '../../features/vocabulary.js';

/** An appeal is a few sentences; a longer block that mentions subscribing is prose about it. */
const MAX_APPEAL_CHARS = 300;
/** More appeals than this on one page: the page is about them. */
const MAX_APPEALS = 3;

/** The text asks the reader to subscribe, order, join, support or follow, and names what. */
export function isReaderAppeal(text: string): boolean {
  return text.length <= MAX_APPEAL_CHARS && READER_APPEAL.test(text) && READER_APPEAL_OBJECT.test(text);
}

export const readerAppeals: DecodeRule = {
  name: 'reader-appeals',
  doc: 'short body lines in which the site asks the reader to subscribe, order, join, support or follow it become other (not on documentation, nor where many are)',
  apply(s, cfg) {
    if (cfg.pageType === 'docs') return;
    const { blocks, labels } = s;
    const appeals: number[] = [];
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      if ((labels[i] !== 'body' && labels[i] !== 'heading') || b.kind !== 'text' || !isReaderAppeal(b.text.trim())) continue;
      appeals.push(i);
      if (appeals.length > MAX_APPEALS) return;
    }
    for (const i of appeals) s.relabel(i, 'other', 'the site asking the reader to subscribe, order, join or follow');
  },
};
