/**
 * Cue words: what authors write into class names and short lines that says what a block is
 * (a comment thread, a share bar, a photo credit, a lead-in to related links), in one place
 * for every layer that reads them. The features turn them into attributes (`markup-tokens`,
 * `cues`); the decoder reads the comment-section names (`decode/comments.ts`). A word added
 * here reaches both, and a copy cannot drift.
 *
 * Changing a list changes the features a model was trained on: retrain after it.
 */

// --- Class, id, itemprop and role words (markup-tokens family: `hint:<group>`) ---

/** Words of class names grouped by what they usually mean; the groups generalise across sites. */
export const CLASS_WORD_GROUPS: Readonly<Record<string, string>> = Object.freeze({
  content: 'article articles content contents body post posts entry story text prose blog news richtext paragraph copy',
  comment: 'comment comments reply replies respond discussion disqus trackback trackbacks pingback pingbacks',
  nav: 'nav navigation navbar menu menus breadcrumb breadcrumbs pagination pager toc skip',
  share: 'share sharing social facebook twitter whatsapp linkedin pinterest print email',
  ad: 'ad ads advert adverts advertisement sponsor sponsored promo promoted banner adsense dfp outbrain taboola',
  related: 'related recommended recommendations more popular trending readmore teaser teasers widget widgets newsletter subscribe',
  footer: 'footer foot copyright legal disclaimer',
  header: 'header masthead topbar logo branding',
  sidebar: 'sidebar aside rail side',
  caption: 'caption credit credits figcaption photo image img media gallery figure',
  byline: 'byline author authors meta date time dateline published timestamp updated',
  title: 'title headline heading hed',
  tags: 'tag tags category categories topic topics keywords',
});

// --- Comment sections (decode/comments.ts) ---

/**
 * A class or id that names a comment section: it *starts* with the name (`comments`,
 * `comment-list`, `commentlist`, `comment-body`, `disqus_thread`, `respond`, `recentcomments`:
 * WordPress's sidebar of comment excerpts, `recent-comments-2`).
 */
export const COMMENT_SECTION_NAME = /^(?:recent[-_]?)?(?:comments?|commentlist|comment[-_]?(?:list|area|body|content|text|thread|section|wrap|wrapper|container|form|respond|meta|author|reply)s?|disqus\w*|respond|trackbacks?|pingbacks?)(?:[-_]|$)/i;
/**
 * The whole text of a heading that opens a comment thread: "Comments", "27 commentaires",
 * "12 Responses to “Post title”", "Leave a Reply", "Reader comments (4)". Anchored at both ends,
 * so "Comment choisir son barbecue" or "Discussion Types: ..." do not match; "Discussion",
 * "Replies" and a bare "Response" are left out, as forums and API docs use them for content.
 */
export const COMMENT_HEADING =
  /^(?:\d+|no|one)?\s*(?:(?:reader|user|visitor)s?'?\s+)?(?:comments?|commentaires?|kommentare?|comentarios?|commenti|reacties|\d+\s+responses?|responses|trackbacks?|pingbacks?|trackbacks?\s*(?:and|&|\/)\s*pingbacks?|leave a (?:reply|comment)|post a comment|add (?:a |your )?comment|join the (?:discussion|conversation))(?:\s*\(\d+\))?(?:\s+(?:to|on|for|zu|sur)\s.*)?[:.!]?$/i;
// --- Customer reviews on product pages (decode/reviews.ts) ---

/** Whether an id, class or itemprop string may name a review section (a cheap first test). */
export const REVIEW_SECTION_WORD = /review/i;
/**
 * One part of a class or id (split at `-`, `_` and camelCase humps) that names customer
 * reviews or one of them: `reviews`, `product-review__body`, `okeReviews-reviewContent`,
 * `user_reviews_filter`, `responsive_reviewblock`. `preview`, `reviewed` and `reviewer` do not.
 */
export const REVIEW_SECTION_PART = /^reviews?(?:block|list|content|text|body|desc|item|card|summary|box|section|module|widget)?s?$/i;
/**
 * Reviews the site wrote or chose, part of the page: testimonials, editorial reviews, the main
 * or expert review of a car (`#mainReview`). A class or id part that is one of these words, or
 * one of them followed by a part naming reviews, marks no review section.
 */
export const OWN_REVIEW_PART = /^(?:testimonials?|editorial)$/i;
export const OWN_REVIEW_LEAD = /^(?:main|expert|staff|editors?)$/i;
/**
 * A page control's label as a block's whole text: the toggles of a photo's caption ("hide
 * caption", "toggle caption", "enlarge this image") and a post's reaction buttons ("Like",
 * "Reply", "Quote", "Share"). Read by the decoder's `page-furniture` rule.
 */
export const CONTROL_LABEL = /^\s*(?:hide caption|toggle caption|show caption|enlarge this image|expand image|(?:\d+\s+)?likes?|reply|quote|share|report|permalink|bookmark)\s*$/i;
/** A class or id naming a user's picture beside a post (`avatar`, `user-avatar`, `message-avatar`). */
export const AVATAR_NAME = /(?:^|[-_])avatars?(?:[-_]|$)/i;
/** A class, id or itemprop naming who wrote a post (`username`, `author-name`, `message-name`, `poster`, `itemprop=author`). */
export const AUTHOR_NAME = /^(?:user-?name|author|author-?name|message-name|poster|post-?author|postauthor|topic-?owner|(?:first|last)-?poster)$/i;
/** A quoted post's attribution line: "velo_mike said:", "Quote from anna", "Originally Posted by dave". */
export const QUOTE_ATTRIBUTION = /^(?:\S.{0,40}\s+(?:said|wrote|writes|schrieb|a écrit|escribió)\s*:|(?:quote|quoting|zitat)(?:\s+(?:from|by|von))?\s*:?\s+\S.{0,40}|originally posted by\s+\S.{0,40})$/iu;
/** Words one of which every attribution `QUOTE_ATTRIBUTION` accepts holds, with its flags: its pre-test (test/decode/cue-guards.test.ts holds every alternative to one). */
export const QUOTE_ATTRIBUTION_WORD = /said|wrote|writes|schrieb|écrit|escribió|quot|zitat|originally/iu;
/** A class or id naming a user's card beside a post: title, rank, badges, counts (`userTitle`, `message-userExtras`, `postbit`, `user-stats`). */
export const USER_INFO_NAME = /^(?:(?:message-)?user-?(?:title|rank|info|details|stats|extras|badges?|blurb|banner)|postbit\w*|author-?(?:rank|stats|badges?)|member-?(?:title|since|stats)|rank-?title)$/i;
/**
 * A class or id naming a small box of teasers set into or beside an article: NPR's
 * `internallink` inset, `related`, `promo`, `teaser`, `read-more`, `more-stories`, `recommended`.
 */
export const PROMO_BOX_NAME = /^(?:internallink|related\w*|promo\w*|teasers?|read-?more|more-?(?:stories|from|on)\w*|recommend\w*|also-?read|see-?also|you-?may-?(?:also-?)?like)(?:[-_]\w*)*$/i;

/** schema.org types of a page whose replies are its content (a forum thread, a Q&A page). */
/** A box about the article's author: "author-box", "about-the-author", "autorenbox", "author-bio__text". */
export const AUTHOR_BOX_NAME = /^(?:(?:post|entry|article)[-_]?)?(?:author|autor(?:en)?)[-_]?(?:box|bio|biography|info|description|details|card|about|profile|profil)(?:[-_]\w*)*$|^about[-_]?(?:the[-_]?)?author(?:[-_]\w*)*$/i;
/** A sidebar's own id or class, exactly: "sidebar", "widget-area", "sidebar-wrapper", "primary-sidebar", or one of its boxes ("sidebar-block", "sidebar-widget", TypePad's "module-archives", a blogroll's "linkcat"); not a layout's "left-sidebar" or "content-sidebar-wrap". */
export const SIDEBAR_NAME = /^(?:sidebar|widget-area|sidebar[-_]?wrapper|(?:primary|secondary)[-_]sidebar|sidebar[-_](?:primary|secondary)|sidebar[-_]?(?:block|widget|module|box|section|item)s?|module-(?:about|archives|typelist|categories|recent-comments|recent-posts|search|powered|syndicate|elsewhere|feed|photo|links)|linkcat|xoxo)$/i;
/** A page footer's own id or class, exactly: "footer", "site-footer", "page-footer" (not a post's "entry-footer"). */
export const FOOTER_NAME = /^(?:(?:site|page|global|main)[-_]?)?footer$/i;
/**
 * Class names of text that only screen readers get, hidden from the screen by the site's
 * stylesheet (Bootstrap's and Tailwind's `sr-only`, WordPress's `screen-reader-text`, Korean
 * sites' `blind`): "Opens in a new window", a logo's name, a video's spoken description. A
 * sighted reader never sees it (docs/quality.md, "Text only screen readers get"). Read by the decoder's hidden boxes
 * and the headline's cleaner, not by the features: changing it needs no retraining.
 */
export const SCREEN_READER_CLASSES: readonly string[] = Object.freeze([
  'sr-only', 'screen-reader-only', 'visually-hidden', 'visuallyhidden', 'u-visually-hidden', 'is-visually-hidden',
  'hidden-visually', 'a11y-hidden', 'screen-reader-text', 'show-for-sr', 'element-invisible', 'assistive-text', 'blind',
]);
/** The element holding the site's own name in its header: "site-title", "blog-title", "site-name", "logo", "banner-header", "branding". */
export const SITE_TITLE_NAME = /^(?:(?:site|blog)[-_]?(?:title|name|logo|branding)|banner[-_]?header|logo|site[-_]?branding|branding)$/i;
export const DISCUSSION_TYPE = /(?:^|\/)(?:DiscussionForumPosting|QAPage)$/;

// --- Short lines of article furniture, in many languages (cues family: `cue:<cue>`) ---

/** A photo or source credit: "Foto: dpa", "(Photo: Getty Images)", "Bild: Keystone", "Quelle: ...", "Crédito: EFE". */
export const CREDIT_MARK = /(?:^|[\s(\[|/·•–—-])(?:fotos?|photos?|photograph(?:y|ie)?|bild(?:er)?|titelbild|image|images|picture|pictures|pic|credits?|crédits?\s+photos?|crédits?|crédito|imagen|kuva|foto de|fot\.|zdj[eę]cie|фото|illustration|grafik|quelle|source|fuente|fonte|bildquelle)\s*[:©]/iu;
/** A copyright sign: "© Reuters", "(c) Name", "Copyright". */
export const CREDIT_SIGN = /©|\(c\)\s*\p{Lu}|(?<![\p{L}\p{N}_])copyright\b/iu;
/** Photo and news agencies. */
export const AGENCY = /\b(?:getty\s*images|reuters|afp|ap\s+photo|dpa|imago|shutterstock|istock(?:photo)?|picture[- ]alliance|keystone|epa|efe|ansa|adobe\s*stock|unsplash|pixabay)\b/i;
/** A gallery counter: "Bild 3 von 10", "Image 2 of 5", "Foto 1 de 8", "3 / 12". */
export const COUNTER = /^(?:\p{L}+\s+)?\d{1,3}\s*(?:\/|von|of|de|di|sur|z|из|van)\s*\d{1,3}$/iu;
/** A licence or rights line. */
export const LICENSE = /(?<![\p{L}\p{N}_])(?:cc[- ]by|creative\s+commons|lizenz|licen[cs]e[ds]?|all\s+rights\s+reserved|alle\s+rechte\s+vorbehalten|tous\s+droits\s+réservés|todos\s+los\s+derechos|tutti\s+i\s+diritti|wszelkie\s+prawa)\b/iu;
/** The words a dateline starts with: "Published", "Aktualisiert", "Publié", "Posted". */
const DATELINE_WORDS = String.raw`published|updated|posted|last\s+(?:updated|modified)|publiziert|veröffentlicht|aktualisiert|erschienen|stand|publié|mis\s+à\s+jour|publicado|actualizado|pubblicato|aggiornato|opublikowano|gepubliceerd`;
/** A dateline: "Published: 03.04.2020", "Aktualisiert am 3. Mai 2021", "Publié le 2 mars", "Posted on June 3". */
export const DATELINE = new RegExp(String.raw`^(?:${DATELINE_WORDS})\b[^\n]{0,60}\d`, 'iu');
/** A dateline's label before its date, to strip: "Publiziert: ", "Updated on ", "Publié le ". */
export const DATELINE_LABEL = new RegExp(String.raw`^(?:${DATELINE_WORDS})(?:\s+(?:on|am|le|el|il|op))?\s*:?\s*`, 'iu');
/** A line that is only a date (and maybe a time): "03.04.2020", "Jun 18th 2018", "5. Februar 2020, 10:22 Uhr", "2020-04-03". */
export const DATE_ONLY = /^(?:(?:am|on|le|el|den|vom)\s+)?(?:\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)?\.?\s+\p{L}{3,10}\.?\s+\d{4}|\p{L}{3,10}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})(?:\s*(?:[,|–-]|um)?\s*\d{1,2}[:.]\d{2}(?:\s*(?:uhr|am|pm|h))?)?$/iu;
/**
 * Lead-ins to related links, newsletters and the like: "Read more", "Also on HuffPost", "Auch interessant", "Lire aussi", "Vous aimerez aussi".
 * Bounded by letters, not `\b`: `\b` knows only ASCII letters, so "Czytaj też:" and "À lire" never matched.
 */
export const LEAD_IN = /(?<![\p{L}\p{N}])(?:read\s+(?:more|also|next)|see\s+also|also\s+on|related|recommended|more\s+(?:on|from|stories|news)|you\s+(?:may|might)\s+also|also\s+read|don'?t\s+miss|auch\s+interessant|lesen\s+sie\s+auch\s+(?:die\s+)?(?:folgenden\s+)?(?:beiträge|artikel)|lesen\s+sie\s+(?:auch|mehr)|mehr\s+zum\s+thema|lust\s+auf\s+mehr|weiterlesen|schon\s+gelesen|das\s+könnte|empfehlungen|viel\s+gelesen|meistgelesen|lire\s+(?:aussi|la\s+suite)|à\s+lire(?:\s+(?:aussi|également))?|voir\s+aussi|leer\s+más|lea\s+también|veja\s+também|leia\s+(?:também|mais)|saiba\s+mais|(?:te|le)\s+puede\s+interesar|leggi\s+anche|czytaj\s+(?:też|także|więcej)|zobacz\s+(?:też|także)|dowiedz\s+się\s+więcej|lees\s+ook|newsletter|vous\s+aimerez\s+(?:aussi|également)|dans\s+la\s+même\s+rubrique|sur\s+le\s+même\s+sujet|explore\s+further|neueste\s+artikel|mehr\s+themen)(?![\p{L}\p{N}])/iu;
/** A comment's own buttons: "Reply", "Antworten", "Report", "Permalink". */
export const REPLY = /^(?:reply|reply\s+to\s+this\s+comment|log\s*in\s+to\s+reply|antworten|répondre|responder|rispondi|odpowiedz|beantwoorden|svara|vastaa|ответить|report|report\s+comment|melden|permalink|quote|zitieren)\s*[↓→»]?$/iu;
/** A comment's header: "Anna says:". */
export const SAYS = /\s(?:says|said|sagt|schreibt|schrieb|dit|écrit|dice|escribe|scrive|pisze|zegt|skriver)\s*:$/iu;
/** The comment section's heading, count or form: "12 Comments", "Kommentare (3)", "Leave a Reply". */
export const COMMENTS_LINE = /^(?:\d+\s+)?(?:comments?|kommentare?|commentaires?|comentarios?|commenti|komentarze?|reacties|responses?|replies|leserkommentare)(?:\s*\(\d+\))?(?:\s*\d+)?$|^(?:leave|post|add|write)\s+a\s+(?:comment|reply)|^(?:kommentar|kommentare)\s+(?:schreiben|verfassen|hinzufügen)|^(?:laisser|ajouter)\s+un\s+commentaire|^(?:deja|dejar|escribe)\s+un\s+comentario|^lascia\s+un\s+commento|^(?:dodaj|napisz)\s+komentarz/iu;

// --- Ad slots (decode/ads.ts) ---

/**
 * A class or id token that names an ad slot: `ad`, `ads`, `ad-inline`, `ad_unit`, `adslot`,
 * `advert...`, `adsbygoogle`, `dfp-...`, `gpt-ad...`, `sponsored...`, `taboola...`,
 * `outbrain...`. `ad` must stand alone or before `-`/`_`, so `address`, `admin` and `adjust`
 * do not count.
 */
export const AD_SLOT_NAME = /^(?:ads?|adslot\w*|adunit\w*|advert\w*|adsbygoogle|dfp|gpt-ad\w*|google[-_]?ads?|banner[-_]?ads?|sponsored|taboola\w*|outbrain\w*)(?:[-_]\w*)*$/i;
/** The label an ad slot carries as its only text: "Advertisement", "Anzeige", "- Publicité -". */
export const AD_LABEL = /^[-–—\s]*(?:advertisements?|advertising|anzeige|werbung|publicit[ée]|publicidad|pubblicit[àa]|advertentie|reklama|reklame|mainos|annonse|sponsored|gesponsert|ad)[-–—:\s]*$/iu;
/**
 * A date anywhere in a line, as a review or a post is dated: "Reviewed in the United States on
 * June 5, 2024", "05.06.2024", "5 June 2024", "3 weeks ago".
 */
export const DATE_IN_TEXT = /(?<![\p{L}\p{N}])(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s+\d{4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d+\s+(?:days?|weeks?|months?|years?)\s+ago)(?![\p{L}\p{N}])/iu;
/** An amount of money with its currency, before or after: "$158.73", "149€", "£88", "1.299,00 EUR". An amount is read from the start of its run of digits only, so a long run costs one pass. */
export const PRICE_TEXT = /(?:[$€£¥₹₩]\s?\d|(?<![\d.,])\d[\d.,]*\s?(?:[$€£¥₹₩]|(?:usd|eur|gbp|chf|kr|zł)(?!\p{L})))/iu;
/**
 * The link an ad network puts on each ad it places ("Why you're seeing this ad", "Why this
 * ad?", "AdChoices"): only a placed ad carries one, where a bare "Sponsored" may head a
 * publisher's own box.
 */
export const AD_DISCLOSURE = /^(?:why (?:you're|you are|am i) seeing this ad|why this ad|ad ?choices)\??$/i;
/** A line an ad opens with its label in capitals: "ANZEIGE - Heute mal ausgehen?", "ADVERTISEMENT: ...". */
export const AD_LEAD = /^(?:ANZEIGE|WERBUNG|ADVERTISEMENT|PUBLICITÉ|PUBLICIDAD|SPONSORED)\s*[-–—:|]\s*\S/u;

/**
 * A site's notice about cookies or consent ("We use cookies", "Wir verwenden Cookies", "you must
 * accept YouTube's cookies to see this video", "ohne dein Einverständnis keine Verbindung zu
 * Twitter"): the site speaking of itself to the reader, never the article's text. Read with
 * `CONSENT_CONTEXT`: "we use cookies" alone may be a recipe.
 */
export const CONSENT_NOTICE = /(?<![\p{L}\p{N}_])(?:(?:we|this\s+(?:site|website)|our\s+(?:site|website)s?)\s+(?:use|uses|are\s+using)\s+cookies|(?:accept|consent\s+to|agree\s+to)\b[^.]{0,40}\bcookies|cookies?\b[^.]{0,100}\b(?:accept|consent|agree)|by\s+(?:continuing\s+to\s+use|using)\s+(?:this|our)\s+(?:site|website)|wir\s+(?:verwenden|nutzen|setzen)\b[^.]{0,40}\bcookies|cookies?\b[^.]{0,100}\b(?:akzeptieren|zustimmen|einverstanden)|(?:akzeptieren|zustimmen)\b[^.]{0,40}\bcookies|cookies\s+erleichtern|ohne\s+(?:dein|ihr)e?\s+(?:einverständnis|einwilligung|zustimmung)|nous\s+utilisons\s+(?:des\s+)?cookies|accepte[rz]?\s+(?:les\s+)?cookies|utilizamos\s+cookies|aceptar?\s+(?:las\s+)?cookies)\b/iu;
/**
 * Words every phrase of `CONSENT_NOTICE` holds one of ("cookie", "by continuing", "ohne dein"), with
 * its flags: a text without any (most lines) is no notice, read once instead of at every position
 * the phrase's lookbehind is tried.
 */
export const CONSENT_NOTICE_WORD = /cookie|by\s|ohne\s/iu;

/** What a consent notice speaks of besides cookies: accepting them, the site, the browser, privacy, consent, settings, embedded content. */
export const CONSENT_CONTEXT = /(?<![\p{L}\p{N}_])(?:accept\w*|agree\w*|akzept\w*|acept\w*|web\s?sites?|site|browser|browsing|privacy|consent|experience|analytics|tracking|settings|services|policy|third[-\s]part(?:y|ies)|video|content|webseite|internetseite|seite|datenschutz\w*|daten|werb\w*|advertis\w*|données|privatsph\w*|einverst\w*|einwillig\w*|zustimm\w*|dienste|einstellungen|gerät|inhalte?|navigation|expérience|navigation|navegación|sitio|contenido)\b/iu;

/**
 * The site asking the reader for something: to subscribe, order the issue, join, donate,
 * support its work, follow it, get its app ("Jetzt die aktuelle Ausgabe bestellen!", "would you
 * consider supporting our work?", "suscribirse aquí a nuestra newsletter"). English verbs count
 * only as imperatives (at a sentence's start or after "please", "just", "then", "and", "or"), so
 * "customers can sign up for the program" and "I subscribe to every newsletter" are not one;
 * the other languages' forms are imperatives or address the reader by themselves. Read with
 * `READER_APPEAL_OBJECT`: "follow us" alone may be a hiking guide's.
 */
const ENGLISH_APPEAL = String.raw`(?<=^|[.!?:;…|>»–—]\s*|\b(?:please|just|then|and|or|now|today)\s+)(?:subscribe\s+(?:to|now|today|here)|sign[-\s]?up\s+(?:for|to|now|today|here)|order\s+(?:now|today|your\s+copy|a\s+copy)|buy\s+(?:now|your\s+copy|a\s+copy)|support\s+(?:us|our\s+work|our\s+journalism|independent)|become\s+a\s+(?:member|subscriber|patron|supporter)|join\s+(?:us|our)\b|donate\s+(?:now|today|here)|download\s+(?:the|our)\s+app|follow\s+us|get\s+(?:the|our)\s+(?:app|newsletter|magazine))`;
const OTHER_APPEAL = String.raw`(?:^|[^\p{L}])(?:(?:consider|please)\s+(?:supporting|subscribing|donating|becoming)|(?:abonnieren|bestellen|unterstützen|folgen|melden|sichern|registrieren|testen)\s+sie|abonniere\s|bestelle\s|unterstütze\s+uns|gefällt\s+(?:dir|ihnen|euch)\s+unser|zapraszamy\s+(?:też\s+|także\s+)?do\s+(?:subskrypcji|prenumeraty)|jetzt\s+(?:[\p{L}-]+\s+){0,4}(?:bestellen|abonnieren|kaufen|sichern|testen|anmelden|registrieren|unterstützen|herunterladen)|(?:hier|online|buch|heft|ausgabe|jetzt)\s+bestellen|(?:werden\s+sie|werde)\s+(?:mitglied|abonnent|fördermitglied)|folge\s+uns|lade\s+dir|hol\s+dir|suscr[ií]b(?:ete|ase|irse|anse)|s[ií]guenos|hazte\s+(?:socio|miembro)|ap[óo]yanos|abonnez-vous|inscrivez-vous|soutenez-nous|suivez-nous|t[ée]l[ée]chargez|abbonati|iscriviti|seguici|sostienici)`;
/** A line that opens by asking the reader to follow an account ("Follow @nytimesworld for ..."); later in a paragraph it may close a photo essay's text. */
const FOLLOW_ACCOUNT = String.raw`^follow\s+@\w+`;
export const READER_APPEAL = new RegExp(String.raw`(?:${ENGLISH_APPEAL}|${OTHER_APPEAL}|${FOLLOW_ACCOUNT})(?:[^\p{L}]|$)`, 'iu');
/**
 * Words one of which every appeal `READER_APPEAL` accepts holds (its verbs, cut to a stem where
 * forms vary), with its flags: a line without any (most lines) is read once, not at every
 * position the appeal's lookbehind is tried.
 */
export const READER_APPEAL_WORD = new RegExp(
  [
    'subscribe', 'sign', 'order', 'buy', 'support', 'become', 'join', 'donate', 'download', 'follow', 'get', 'consider', 'please',
    'abonn', 'bestell', 'unterstütz', 'folg', 'meld', 'sichern', 'registrieren', 'testen', 'gefällt', 'zapraszamy', 'jetzt', 'werde', 'lade', 'hol',
    'suscr', 'guenos', 'hazte', 'yanos', 'inscrivez', 'soutenez', 'suivez', 'chargez', 'abbonati', 'iscriviti', 'seguici', 'sostienici',
  ].join('|'),
  READER_APPEAL.flags,
);
/** What a reader is asked to subscribe to, order, join or follow: the magazine, its issue, the newsletter, the app, the site's work, its social accounts. */
export const READER_APPEAL_OBJECT = /(?:^|[^\p{L}])(?:newsletters?|e-?mail\s+updates|@\w+|subskrypcj\p{L}*|prenumerat\p{L}*|magazin\w*|magazine|ausgabe|heft|issues?|edition|abos?|abonnement\w*|subscriptions?|apps?|itunes|google\s+play|app\s*store|paywall|bezahlschranke|our\s+(?:work|journalism|reporting|journalists)|unsere\s+(?:arbeit|redaktion)|unseren\s+journalismus|membership|mitglied\w*|members?|angebote?|shop|facebook|twitter|instagram|youtube|telegram|podcasts?|e-?paper|print|buch|bolet[íi]n|revista|suscripci[óo]n|lettre\s+d'information)(?:[^\p{L}]|$)/iu;

/** A reading-time line: "5 min read", "Lesezeit: 3 Min.", "Reading time 17 minutes", "Tempo di lettura: 3 minuti", "Ten tekst przeczytasz w mniej niż minutę". */
export const READING_TIME = /^(?:(?:reading\s+time|read\s+time|lesezeit|lesedauer|temps\s+de\s+lecture|tiempo\s+de\s+lectura|tempo\s+di\s+lettura|czas\s+czytania|leestijd)\s*:?\s*(?:ca\.?\s*)?(?:<\s*)?\d+\s*(?:-\s*\d+\s*)?(?:min\w*|minuten|minutes?|minutos?|minuti|minut)\.?|(?:ca\.?\s*)?\d+\s*(?:-\s*\d+\s*)?(?:min\.?|minutes?|minuten|minutos?|minuti|minut)\s*(?:read|reading|lesezeit|lesedauer|de\s+lecture|de\s+lectura|di\s+lettura|czytania|leestijd)|ten\s+tekst\s+przeczytasz\s+w\s+[\p{L}\s]*minut\p{L}*)\.?$/iu;
/** An audio player's prompt: "Listen to this article", "Artikel anhören", "Escucha esta nota aquí". */
export const LISTEN_PROMPT = /^(?:listen\s+to\s+(?:this\s+)?(?:the\s+)?(?:article|story|post)|artikel\s+(?:anhören|vorlesen(?:\s+lassen)?)|beitrag\s+(?:anhören|vorlesen)|escucha\s+(?:esta|la)\s+nota(?:\s+aquí)?|escuchar\s+(?:este\s+)?(?:artículo|nota)|écouter\s+(?:cet|l')\s*article|ascolta\s+l'articolo)\.?$/iu;
/**
 * A line a comment system writes outside its thread: "No comments yet", "Comments are closed",
 * "Your email address will not be published", "You may use these HTML tags and attributes: ...",
 * "TrackBack URL for this entry: ...", "RSS feed for comments on this post". Anchored at the start;
 * the short forms ("No comments") at both ends.
 */
export const COMMENT_SYSTEM_LINE = /^(?:(?:no|noch\s+keine|pas\s+de|sin|nessun)\s+(?:comments?|kommentare?|commentaires?|comentarios?|commenti?)(?:\s+(?:yet|so\s+far|submitted\s+yet|to\s+show|vorhanden|pour\s+l'instant|todavía|ancora))?\s*[.:!]?$|there\s+are\s+no\s+comments(?:\s+yet)?[.!]?$|be\s+the\s+first\s+to\s+(?:comment|leave\s+a\s+(?:comment|reply))|(?:comments?|kommentare|les\s+commentaires)\s+(?:are|is|sind|sont)\s+(?:closed|geschlossen|fermés)[.!]?$|(?:your|deine|ihre)\s+e-?mail(?:-adresse|\s+address)?\s+(?:will\s+not|wird\s+nicht)\s+(?:be\s+published|veröffentlicht)|votre\s+adresse\s+(?:e-?mail|de\s+messagerie)\s+ne\s+sera\s+pas\s+publiée|tu\s+dirección\s+de\s+correo\s+electrónico\s+no\s+será\s+publicada|you\s+may\s+use\s+these\s+html\s+tags|trackback\s+ur[li]\b|rss\s+feed\s+for\s+comments|you\s+must\s+be\s+logged\s+in\s+to\s+post\s+a\s+comment|subscribe\s+to\s+(?:post\s+)?comments|you\s+can\s+follow\s+any\s+responses\s+to\s+this\s+entry\b)/iu;
/**
 * A blog's links to the posts before and after this one, on one line: "« Older post | Main |
 * Newer post »" (Movable Type, TypePad), "Newer Post Older Post Home" (Blogger).
 */
export const POST_NAVIGATION = /^(?:«|‹|←)[^|]{0,150}\|[^|]{0,40}\|[^|]{0,150}(?:»|›|→)$|^(?:newer\s+posts?\s+)?older\s+posts?\s+home$|^newer\s+posts?\s+home$/iu;
/**
 * A blog theme's footer under each post: "This entry was posted on Monday, November 5th, 2012
 * at 11:18 am and is filed under News." (WordPress), "This entry was posted in Lenses and tagged ...",
 * "Der Beitrag wurde am Mittwoch, den 27. November 2019 um 15:21 Uhr veröffentlicht und ...";
 * and its shorter lines: "Posted in: Fantasy |", "Filed under: Politics", "Posted on November 9,
 * 2012 at 6:41 AM • 7 Comments", "Full list of categories: City Guide » Food".
 */
export const POST_META_LINE = /^this\s+(?:entry|post)\s+was\s+posted\s+(?:on|in)\s|^(?:posted|filed)\s+(?:in|under)\s*:\s*[^.!?]{1,80}$|^(?:full\s+list\s+of\s+)?categor(?:y|ies)\s*:\s*[^.!?]{1,120}$|^posted\s+on\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?(?:\p{L}+\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+\p{L}+,?\s+\d{4}|\d{1,4}[./-]\d{1,2}[./-]\d{1,4})(?:,?\s*(?:at|um|@)?\s*\d{1,2}:\d{2}\s*(?:[ap]\.?m\.?)?)?(?:\s*(?:by|in|von|•|\||·|-|–)\s*[^.!?]{0,60})?$|^(?:dieser|der)\s+(?:beitrag|eintrag|artikel)\s+wurde\s+am\s.{0,80}?\b(?:veröffentlicht|geschrieben|verfasst)\b/iu;
/** Where the story also ran, and how to buy a copy: "A version of this article appeared in print on ...", "Dow Jones Reprints: ...", "See a sample reprint in PDF format". */
export const PRINT_NOTE = /^a\s+version\s+of\s+this\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+appear(?:s|ed)\b|^dow\s+jones\s+reprints\s*:|^see\s+a\s+sample\s+reprint\b|^order\s+a\s+reprint\s+of\s+this\b/iu;
/** A site's standing disclaimer of its authors' views: "The opinions expressed here are my personal opinions." */
export const OPINION_DISCLAIMER = /^(?:the\s+)?(?:opinions|views)\s+expressed\s+(?:here|on\s+this|in\s+this)\b|^this\s+blog\s+reflects\s+the\s+(?:personal\s+)?opinions\b/iu;
/** A standing disclaimer of liability, the whole line: "(Alle Angaben ohne Gewähr)", "No warranty is given for this information." */
export const LIABILITY_DISCLAIMER = /^\(?(?:alle\s+angaben\s+ohne\s+gewähr|angaben\s+ohne\s+gewähr|no\s+warranty\s+is\s+given\s+for\s+(?:this|the)\s+information)\)?\.?$/iu;
/**
 * A site's standing notice that it earns from the links on the page: "We may receive
 * compensation when you click ...", "This post contains affiliate links", "Bei den Verlinkungen
 * handelt es sich um Affiliate Links", "Read our advertiser disclosure". One lookbehind opens
 * the alternatives: a `\b` before each, under the `iu` flags, made V8 scan some 40 times slower
 * (27 µs a 300-character line, 5% of all extraction time).
 */
export const AFFILIATE_DISCLOSURE = /(?<![\p{L}\p{N}_])(?:affiliate[- ]?links?\b|(?:we|i)\s+(?:may\s+|might\s+)?(?:receive|earn|get)\s+(?:a\s+)?(?:small\s+)?(?:compensation|commission|a\s+share)\b|advertiser\s+disclosure\b|contains\s+references\s+to\s+products\b|(?:provision|vergütung|geld)\s+erhalten\s+wir\b|erhalten\s+wir\s+(?:eine\s+)?(?:kleine\s+)?(?:provision|vergütung)\b|earns?\s+from\s+qualifying\s+purchases\b|werbelinks?\b|partnerlinks?\b)/iu;
/**
 * Words every phrase of `AFFILIATE_DISCLOSURE` holds one of, with its flags: a line without any
 * (most lines) is no disclosure, read once instead of at every position its lookbehind is tried.
 */
export const AFFILIATE_WORD = /affiliate|compensation|commission|share|advertiser|contains|erhalten|qualifying|werbelink|partnerlink/iu;
/** An embed's stand-in before the reader agrees to load it: "Externer Inhalt", "Empfohlener redaktioneller Inhalt". */
export const EMBED_PLACEHOLDER = /^(?:externer\s+inhalt|empfohlener\s+redaktioneller\s+inhalt|eingebetteter\s+inhalt|external\s+content|embedded\s+content|contenu\s+externe)$/iu;
/** A gallery's count or prompt, a newspaper's jump line: "19 Photos", "View the Full Gallery »", "Enlarge Photo", "Continue reading the main story". */
export const GALLERY_PROMPT = /^(?:\d+\s+(?:photos|pictures|images|fotos|bilder)|view\s+(?:the\s+)?full\s+gallery|enlarge\s+(?:photo|image|picture)|continue\s+reading\s+the\s+main\s+story)\s*[»›→]?$/iu;
/** A blog archive's entry: "► July (18)", "▼ 2012 (45)". */
export const ARCHIVE_ENTRY = /^[►▼▶◄▸▾]\s*[\p{L}\p{N}][\p{L}\p{N} .-]{0,30}\(\d+\)$/u;
/** A view counter, with the date beside it: "1,155 views Nov 6, 2012", "2.3K Views". */
export const VIEW_COUNT = /^[\d.,]+\s*[km]?\s+(?:views?|aufrufe)\b[^.!?]{0,30}$/iu;
/** A visitor counter: "13 Besucher sind online", "42 users online". */
export const ONLINE_COUNT = /^\d+\s+(?:besucher|benutzer|gäste|mitglieder|users?|guests?|visitors?|members?)\s+(?:sind\s+|are\s+|is\s+)?online\b/iu;
/**
 * A page's notice that it needs scripts: "You need to enable JavaScript to run this app.",
 * "Please turn on JavaScript. Media requires JavaScript to play.", "To view this video please
 * enable JavaScript", "Bitte aktivieren Sie JavaScript", "Veuillez activer JavaScript", after a label
 * or not ("Notice: JavaScript is required for this content", a form plugin's). A bare
 * "Enable JavaScript ..." is not one: a how-to's step or heading reads so.
 */
export const SCRIPT_NOTICE = new RegExp(`^(?:(?:notice|note|warning|hinweis|achtung|attention|avertissement|aviso)\\s*:\\s*)?(?:${[
  String.raw`(?:please\s+|you\s+(?:need|have|must)\s+to\s+|you\s+must\s+|to\s+[^.]{1,60}?,?\s+(?:please\s+)?(?:you\s+(?:need|have|must)\s+to\s+)?)(?:enable|activate|turn\s+on|switch\s+on|allow)\s+(?:your\s+(?:browser['’]?s\s+)?)?javascript\b`,
  String.raw`(?:this\s+\p{L}+|media|it)\s+requires\s+javascript\b`,
  String.raw`javascript\s+(?:is|must\s+be|has\s+been|seems\s+to\s+be)\s+(?:currently\s+)?(?:disabled|required|turned\s+off|not\s+enabled|switched\s+off|deactivated)\b`,
  String.raw`we['’]?re\s+sorry\s+but\s+.{1,60}?\s+doesn['’]?t\s+work\s+properly\s+without\s+javascript\b`,
  String.raw`bitte\s+(?:aktivieren\s+sie\s+(?:ihr\s+|das\s+)?javascript|javascript\s+(?:aktivieren|einschalten))|javascript\s+ist\s+(?:deaktiviert|ausgeschaltet)`,
  String.raw`veuillez\s+activer\s+(?:le\s+)?javascript|javascript\s+est\s+désactivé`,
  String.raw`por\s+favor,?\s+(?:habilita|activa|habilite|active)\s+(?:el\s+)?javascript\b`,
].join('|')})`, 'iu');
/** A widget's placeholder while it loads: "Loading...", "Gefällt mir Wird geladen …" (a like button's label before it). */
export const LOADING_PLACEHOLDER = /^(?:[\p{L} ]{0,20}\s)?(?:wird\s+geladen|loading|chargement|cargando|caricamento)\s*(?:…|\.{3})?$/iu;
/** The words one of which every loading placeholder holds, with `LOADING_PLACEHOLDER`'s flags: its pattern is read only where one is. */
export const LOADING_WORD = /geladen|loading|chargement|cargando|caricamento/iu;
