/**
 * Short text cues that mark a line as furniture around an article rather than its text, in
 * many languages: photo credits, gallery counters, licence lines, publication datelines,
 * lead-ins to related links, and a comment thread's buttons and headings. The bag of words
 * sees the words but not where they stand, and spreads one cue over a dozen languages'
 * spellings; here each cue is one attribute.
 */
import type { FeatureFamily } from '../family.js';
import { NONE } from '../family.js';
import { blockWordCounts } from './lexical.js';

/** Blocks longer than this are prose; only credits at their very end are looked for. */
const SHORT_CHARS = 160;
/** Words of a lead-in line ("Auch interessant:", "Read more"). */
const LEAD_IN_WORDS = 6;
/** Words of a caption or credit line that carries a credit (`cue:short`). */
const CREDIT_LINE_WORDS = 12;

// "Foto: dpa", "(Photo: Getty Images)", "Bild: Keystone", "Quelle: ...", "© Reuters", "Crédito: EFE".
const CREDIT_MARK = /(?:^|[\s(\[|/·•–—-])(?:fotos?|photos?|photograph(?:y|ie)?|bild(?:er)?|titelbild|image|images|picture|pictures|pic|credits?|crédits?|crédito|foto de|fot\.|zdj[eę]cie|фото|illustration|grafik|quelle|source|fuente|fonte|bildquelle)\s*[:©]/iu;
const CREDIT_SIGN = /©|\(c\)\s*\p{Lu}|\bcopyright\b/iu;
const AGENCY = /\b(?:getty\s*images|reuters|afp|ap\s+photo|dpa|imago|shutterstock|istock(?:photo)?|picture[- ]alliance|keystone|epa|efe|ansa|adobe\s*stock|unsplash|pixabay)\b/i;
// "Bild 3 von 10", "Image 2 of 5", "Foto 1 de 8", "3 / 12".
const COUNTER = /^(?:\p{L}+\s+)?\d{1,3}\s*(?:\/|von|of|de|di|sur|z|из|van)\s*\d{1,3}$/iu;
const LICENSE = /\b(?:cc[- ]by|creative\s+commons|lizenz|licen[cs]e[ds]?|all\s+rights\s+reserved|alle\s+rechte\s+vorbehalten|tous\s+droits\s+réservés|todos\s+los\s+derechos|tutti\s+i\s+diritti|wszelkie\s+prawa)\b/iu;
// "Published: 03.04.2020", "Aktualisiert am 3. Mai 2021", "Publié le 2 mars", "Posted on June 3".
const DATELINE = /^(?:published|updated|posted|last\s+(?:updated|modified)|publiziert|veröffentlicht|aktualisiert|erschienen|stand|publié|mis\s+à\s+jour|publicado|actualizado|pubblicato|aggiornato|opublikowano|gepubliceerd)\b[^\n]{0,60}\d/iu;
// Lead-ins to related links, newsletters and the like.
const LEAD_IN = /\b(?:read\s+(?:more|also|next)|see\s+also|related|recommended|more\s+(?:on|from|stories|news)|you\s+(?:may|might)\s+also|also\s+read|don'?t\s+miss|auch\s+interessant|lesen\s+sie\s+(?:auch|mehr)|mehr\s+zum\s+thema|weiterlesen|schon\s+gelesen|das\s+könnte|empfehlungen|viel\s+gelesen|meistgelesen|lire\s+(?:aussi|la\s+suite)|à\s+lire|voir\s+aussi|leer\s+más|lea\s+también|te\s+puede\s+interesar|leggi\s+anche|czytaj\s+(?:też|także|więcej)|lees\s+ook|newsletter)\b/iu;

// A comment's own buttons and header: "Reply", "Antworten", "Report", "Permalink", "Anna says:".
const REPLY = /^(?:reply|reply\s+to\s+this\s+comment|log\s*in\s+to\s+reply|antworten|répondre|responder|rispondi|odpowiedz|beantwoorden|svara|vastaa|ответить|report|report\s+comment|melden|permalink|quote|zitieren)\s*[↓→»]?$/iu;
const SAYS = /\s(?:says|said|sagt|schreibt|schrieb|dit|écrit|dice|escribe|scrive|pisze|zegt|skriver)\s*:$/iu;
// The comment section's heading, count or form: "12 Comments", "Kommentare (3)", "Leave a Reply".
const COMMENTS = /^(?:\d+\s+)?(?:comments?|kommentare?|commentaires?|comentarios?|commenti|komentarze?|reacties|responses?|replies|leserkommentare)(?:\s*\(\d+\))?(?:\s*\d+)?$|^(?:leave|post|add|write)\s+a\s+(?:comment|reply)|^(?:kommentar|kommentare)\s+(?:schreiben|verfassen|hinzufügen)|^(?:laisser|ajouter)\s+un\s+commentaire|^(?:deja|dejar|escribe)\s+un\s+comentario|^lascia\s+un\s+commento|^(?:dodaj|napisz)\s+komentarz/iu;

const DIGIT = /\d/;

const CUES = ['credit', 'counter', 'license', 'dateline', 'lead-in', 'reply', 'comments'] as const;
type Cue = (typeof CUES)[number];
/** Attribute names of each cue: the block's own, and the ones it gives its neighbours. */
const OWN_NAME = new Map(CUES.map((c) => [c, `cue:${c}`]));
const BEFORE_NAME = new Map(CUES.map((c) => [c, `cue-1:${c}`]));
const AFTER_NAME = new Map(CUES.map((c) => [c, `cue+1:${c}`]));

function cuesOf(text: string, words: number): Cue[] {
  const out: Cue[] = [];
  const short = text.length <= SHORT_CHARS;
  // A long block is checked only at its end, where a caption's credit sits.
  const probe = short ? text : text.slice(-80);
  // Cheap tests first: most blocks have no colon, no copyright sign and no digit.
  const mayBeSign = probe.includes('©') || probe.includes('(') || probe.includes('opyright') || probe.includes('OPYRIGHT');
  if ((probe.includes(':') && CREDIT_MARK.test(probe)) || (mayBeSign && CREDIT_SIGN.test(probe)) || (short && AGENCY.test(probe))) {
    out.push('credit');
  }
  if (!short) return out;
  const digit = DIGIT.test(text);
  if (digit && COUNTER.test(text)) out.push('counter');
  if (LICENSE.test(text)) out.push('license');
  if (digit && DATELINE.test(text)) out.push('dateline');
  if (words <= LEAD_IN_WORDS && (text.endsWith(':') || LEAD_IN.test(text))) out.push('lead-in');
  if (REPLY.test(text) || (text.endsWith(':') && SAYS.test(text))) out.push('reply');
  if (words <= LEAD_IN_WORDS && COMMENTS.test(text)) out.push('comments');
  return out;
}

/** Cues that also mark the blocks beside them: a caption's credit and counter, a comment's buttons. */
const NEIGHBOUR_CUES: ReadonlySet<Cue> = new Set(['credit', 'counter', 'reply']);

export const cuesFamily: FeatureFamily = {
  name: 'cues',
  doc: "Text cues of article furniture, in many languages: `cue:credit` (a photo or source credit: `Foto:`, `(Photo: ...)`, `©`, an agency name in a short line; in a long block only at its end), `cue:counter` (a gallery counter, `Bild 3 von 10`), `cue:license` (licence or rights line), `cue:dateline` (`Published: ...`, `Aktualisiert am ...` with a number), `cue:lead-in` (a short line leading to related links, `Auch interessant:`, `Read more`, or any short line ending in a colon), `cue:reply` (a comment's button or header: `Reply`, `Antworten`, `Report`, `Permalink`, `Anna says:`), `cue:comments` (the comment section's heading, count or form: `12 Comments`, `Kommentare (3)`, `Leave a Reply`); all but the credit only in blocks of 160 characters or less. `cue:short` marks a credit in a block of 12 words or less (a caption or credit line). `cue-1:<cue>` / `cue+1:<cue>` give the previous and next text block's credit, counter and reply cues, since a caption stands next to its credit and counter, and a comment between its header and its buttons. Column cue: the first cue or `_`.",
  columns: [{ name: 'cue', kind: 'symbolic' }],
  compute(ctx, out) {
    const words = blockWordCounts(ctx);
    const cues: Cue[][] = ctx.blocks.map((b, i) => (b.kind === 'text' && b.text.length > 0 ? cuesOf(b.text, words[i]!) : []));
    // Neighbouring text blocks, skipping images: a caption's credit may sit past its image.
    let prev = -1;
    for (let i = 0; i < cues.length; i++) {
      if (ctx.blocks[i]!.kind !== 'text') continue;
      const own = cues[i]!;
      for (const c of own) out.attr(i, OWN_NAME.get(c)!);
      if (own.includes('credit') && words[i]! <= CREDIT_LINE_WORDS) out.attr(i, 'cue:short');
      out.col(i, 0, own[0] ?? NONE);
      if (prev >= 0) {
        for (const c of cues[prev]!) if (NEIGHBOUR_CUES.has(c)) out.attr(i, BEFORE_NAME.get(c)!);
        for (const c of own) if (NEIGHBOUR_CUES.has(c)) out.attr(prev, AFTER_NAME.get(c)!);
      }
      prev = i;
    }
  },
};
