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
 * shows without scripts ("You need to enable JavaScript to run this app."). They are the
 * page's, never the article's text, on every kind of page: body or heading lines that are only
 * that become other.
 */
import { lineRule } from '../rule.js';
import { normalizeSpace } from '../../dom/tree.js';
import { ARCHIVE_ENTRY, COMMENT_SYSTEM_LINE, VIEW_COUNT, EMBED_PLACEHOLDER, GALLERY_PROMPT, LISTEN_PROMPT, LOADING_PLACEHOLDER, ONLINE_COUNT, POST_NAVIGATION, READING_TIME, SCRIPT_NOTICE } from '../../features/vocabulary.js';

/** Widget lines are a few words; read before normalising (most blocks are paragraphs). */
const MAX_WIDGET_LINE_CHARS = 80;
/** A comment system's line may carry a URL or the list of allowed tags after its opening words. */
const MAX_COMMENT_SYSTEM_LINE_CHARS = 300;
/** A notice that scripts are needed is a sentence or two ("To view this video please enable JavaScript, and consider upgrading ..."). */
const MAX_SCRIPT_NOTICE_CHARS = 160;

/** The text is only a reading time, a listen prompt, a loading placeholder, an embed's stand-in, a visitor counter, a gallery prompt, an archive entry, a view counter, a comment system's line, a post navigation or a notice that scripts are off. */
export function isWidgetLine(text: string): boolean {
  if (text.length > MAX_COMMENT_SYSTEM_LINE_CHARS) return false;
  const line = normalizeSpace(text);
  if (COMMENT_SYSTEM_LINE.test(line) || POST_NAVIGATION.test(line)) return true;
  if (line.length <= MAX_SCRIPT_NOTICE_CHARS && SCRIPT_NOTICE.test(line)) return true;
  if (text.length > MAX_WIDGET_LINE_CHARS) return false;
  return READING_TIME.test(line) || LISTEN_PROMPT.test(line) || LOADING_PLACEHOLDER.test(line) || EMBED_PLACEHOLDER.test(line) || ONLINE_COUNT.test(line)
    || GALLERY_PROMPT.test(line) || ARCHIVE_ENTRY.test(line) || VIEW_COUNT.test(line);
}

export const widgetLines = lineRule({
  name: 'widget-lines',
  doc: 'body or heading lines that a widget writes (a reading time, "Listen to this article", "Loading...", "Externer Inhalt", "13 Besucher sind online", "19 Photos", "► July (18)", a comment system\'s "No comments yet", a blog\'s "« Older post | Main | Newer post »", "Please enable JavaScript") become other',
  labels: ['body', 'heading'],
  matches: (b) => isWidgetLine(b.text),
  reason: "a widget's line: reading time, listen prompt, loading placeholder, embed stand-in, visitor counter, gallery prompt, archive entry, view counter, comment system, post navigation or script notice",
});
