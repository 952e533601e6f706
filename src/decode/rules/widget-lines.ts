/**
 * Lines a page's widgets write into the article's flow: the reading time ("5 min read",
 * "Lesezeit: 3 Min."), an audio player's prompt ("Listen to this article", "Escucha esta nota
 * aquí"), a placeholder while a widget loads ("Loading...", "Gefällt mir Wird geladen …"), an
 * embed's stand-in until the reader agrees to load it ("Externer Inhalt"), a visitor counter
 * ("13 Besucher sind online"), a gallery's count or prompt ("19 Photos", "View the Full Gallery »",
 * "Enlarge Photo", "Continue reading the main story"), a blog archive's entry ("► July (18)"), a view
 * counter ("1,155 views Nov 6, 2012"), a comment system's lines outside its thread ("No comments yet",
 * "Your email address will not be published", "TrackBack URL for this entry: ..."; on the short
 * posts of old blogs they were most of what pith kept), a blog's line of links to the posts
 * before and after ("« Older post | Main | Newer post »"), and the notice a page or its player
 * shows without scripts ("You need to enable JavaScript to run this app."), and a ticker that
 * scrolls one phrase past again and again ("Book Now * Book Now * Book Now * ..."). They are the
 * page's, never the article's text, on every kind of page: body or heading lines that are only
 * that become other.
 */
import { lineRule } from '../rule.js';
import { normalizeSpace } from '../../dom/tree.js';
import { isSpaceCode } from '../../dom/white-space.js';
import { ARCHIVE_ENTRY, COMMENT_SYSTEM_LINE, VIEW_COUNT, EMBED_PLACEHOLDER, GALLERY_PROMPT, LISTEN_PROMPT, LOADING_PLACEHOLDER, LOADING_WORD, ONLINE_COUNT, POST_NAVIGATION, READING_TIME, SCRIPT_NOTICE } from '../../features/cue-words.js';

/** Widget lines are a few words; read before normalising (most blocks are paragraphs). */
const MAX_WIDGET_LINE_CHARS = 80;
/** A comment system's line may carry a URL or the list of allowed tags after its opening words. */
const MAX_COMMENT_SYSTEM_LINE_CHARS = 300;
/** A notice that scripts are needed is a sentence or two ("To view this video please enable JavaScript, and consider upgrading ..."). */
const MAX_SCRIPT_NOTICE_CHARS = 160;

/** A ticker's phrase has at least this many characters (white space left out) and a letter: "la la la la" in a song is no ticker. */
const MIN_TICKER_UNIT = 4;
/** ... and at most this many: a ticker's phrase is a few words; a whole sentence said over and over is a writer's device (a refrain, a punishment's lines). */
const MAX_TICKER_UNIT = 30;
/** ... and comes at least this many times. */
const MIN_TICKER_REPEATS = 4;
/** Longer blocks are not tested (the test reads every character). */
const MAX_TICKER_CHARS = 20_000;

/** Scratch for `isTickerLine`: the text's code units without white space, and their prefix function; reused, grown to the longest text asked. */
let tickerUnits = new Uint16Array(256);
let tickerPrefix = new Int32Array(256);

/**
 * The text, white space left out, is one phrase of `MIN_TICKER_UNIT` to `MAX_TICKER_UNIT`
 * characters with a letter, repeated at least `MIN_TICKER_REPEATS` times (the last one may be
 * cut short): its shortest period, from the prefix function (Knuth-Morris-Pratt), in one pass
 * that skips white space as it reads (prose is done with after a phrase's length, unread beyond).
 */
export function isTickerLine(text: string): boolean {
  if (text.length > MAX_TICKER_CHARS) return false;
  if (tickerUnits.length < text.length) {
    tickerUnits = new Uint16Array(text.length);
    tickerPrefix = new Int32Array(text.length);
  }
  const t = tickerUnits;
  const prefix = tickerPrefix;
  let n = 0;
  for (let j = 0; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (isSpaceCode(c)) continue;
    t[n] = c;
    let k = 0;
    if (n > 0) {
      k = prefix[n - 1]!;
      while (k > 0 && c !== t[k]) k = prefix[k - 1]!;
      if (c === t[k]) k++;
    }
    prefix[n] = k;
    n++;
    // A prefix's shortest period never shrinks as it grows: prose is done with after a phrase's length.
    if (n - k > MAX_TICKER_UNIT) return false;
  }
  if (n < MIN_TICKER_UNIT * MIN_TICKER_REPEATS) return false;
  const period = n - prefix[n - 1]!;
  return period >= MIN_TICKER_UNIT && period <= MAX_TICKER_UNIT && n >= MIN_TICKER_REPEATS * period && /\p{L}/u.test(String.fromCharCode(...t.subarray(0, period)));
}

/** The text is only a reading time, a listen prompt, a loading placeholder, an embed's stand-in, a visitor counter, a gallery prompt, an archive entry, a view counter, a comment system's line, a post navigation, a notice that scripts are off or a ticker. */
export function isWidgetLine(text: string, normalize: (text: string) => string = normalizeSpace): boolean {
  if (isTickerLine(text)) return true;
  if (text.length > MAX_COMMENT_SYSTEM_LINE_CHARS) return false;
  const line = normalize(text);
  if (COMMENT_SYSTEM_LINE.test(line) || POST_NAVIGATION.test(line)) return true;
  if (line.length <= MAX_SCRIPT_NOTICE_CHARS && SCRIPT_NOTICE.test(line)) return true;
  if (text.length > MAX_WIDGET_LINE_CHARS) return false;
  return READING_TIME.test(line) || LISTEN_PROMPT.test(line) || (LOADING_WORD.test(line) && LOADING_PLACEHOLDER.test(line)) || EMBED_PLACEHOLDER.test(line) || ONLINE_COUNT.test(line)
    || GALLERY_PROMPT.test(line) || ARCHIVE_ENTRY.test(line) || VIEW_COUNT.test(line);
}

export const widgetLines = lineRule({
  name: 'widget-lines',
  doc: 'body or heading lines that a widget writes (a reading time, "Listen to this article", "Loading...", "Externer Inhalt", "13 Besucher sind online", "19 Photos", "► July (18)", a comment system\'s "No comments yet", a blog\'s "« Older post | Main | Newer post »", "Please enable JavaScript", a ticker repeating one phrase) become other',
  labels: ['body', 'heading'],
  matches: (b, _page, texts) => isWidgetLine(b.text, texts.line),
  reason: "a widget's line: reading time, listen prompt, loading placeholder, embed stand-in, visitor counter, gallery prompt, archive entry, view counter, comment system, post navigation, script notice or ticker",
});
