/**
 * Lines for the line rules' pre-tests (a word looked for before a costly pattern): each rule's
 * own cases, prose that nearly reads like them, and case-folding traps. Under the `iu` flags
 * `ſ` (U+017F) matches `s` and the Kelvin sign `K` (U+212A) matches `k`, so a pre-test that
 * lower-cased the text or asked `includes` would miss what the full pattern finds.
 */
export const CUE_LINES: readonly string[] = [
  // reader appeals
  'Subscribe to our newsletter', 'SUBSCRIBE TO OUR NEWSLETTER', 'Please consider supporting our journalism.', 'Sign up for our weekly newsletter!',
  '>>> Jetzt die aktuelle Ausgabe bestellen! <<<', 'Abonnieren Sie unseren Newsletter', 'Unterstütze uns mit einem Abo', 'Werde Mitglied im Club',
  'Hol dir die App', 'Lade dir die App herunter', 'Folge uns auf Instagram', 'Suscríbete a nuestro boletín', 'Síguenos en Twitter', 'Apóyanos con tu suscripción',
  'Abonnez-vous à notre newsletter', 'Suivez-nous sur Facebook', 'Téléchargez notre app', 'Iscriviti alla newsletter', 'Seguici su Instagram', 'Sostienici: abbonati',
  'Zapraszamy do subskrypcji', 'Follow @nytimesworld for more', '🚀 Become a member today', 'Download the app', 'Get the app', 'Join us on Telegram',
  'The Replay is a weekly newsletter for dev and engineering leaders.', 'Der Morgen ist ein kostenloser täglicher Newsletter.', 'X is a free weekly e-mail newsletter.',
  'Subſcribe to our newsletter', 'ſubscribe now to the magazine', 'Sign up for our newſletter', 'The Brief is a weekly newſletter for you.',
  'I subscribe to every newsletter I find.', 'Customers can sign up for the program online.', 'Follow us up the trail to the summit.',
  // consent notices
  'We use cookies to improve your experience on our site.', 'We use cooKies to improve your experience.', 'We uſe cookies on this website.',
  'By continuing to use this site you agree to our policy.', 'By using this website you consent to the use of cookies.', 'BY USING OUR SITE you accept cookies',
  'Wir verwenden Cookies, um Inhalte zu personalisieren.', 'Ohne dein Einverständnis laden wir keine Videos.', 'Ohne Ihre Zustimmung werden keine Daten geladen.',
  'Nous utilisons des cookies pour la navigation.', 'Utilizamos cookies en este sitio.', 'Accept cookies', 'Cookies erleichtern die Bereitstellung unserer Dienste.',
  'The recipe calls for cookies and milk.', 'She walked by the river, ohne Eile.',
  // affiliate disclosures and site notes
  'This post contains affiliate links.', 'We may receive a small commission when you buy through our links.', 'We earn a share of sales from links on this page.',
  'Advertiser Disclosure', 'This article contains references to products from our partners.', 'Für Käufe über diese Links erhalten wir eine Provision.',
  'Provision erhalten wir von den Händlern.', 'As an Amazon Associate I earn from qualifying purchases.', 'Werbelinks sind mit * markiert.', 'Partnerlinks: siehe unten',
  'We may receive compenſation for links.', 'AFFILIATE LINKS BELOW', 'Share this article with your friends.', 'The box contains three apples.',
  'This entry was posted on Monday and is filed under News.', 'The opinions expressed here are my own.', 'Alle Angaben ohne Gewähr',
  // credit lines
  'Foto: dpa', 'Bild via Flickr', 'Überblick. (Foto: Getty)', 'Ski-Star. © AFP / MARCO BERTORELLO', 'Roman Prymula, photo: Archives du Gouvernement tchèque',
  'A sunset over the bay, Bild via', 'A sunset over the bay | Foto via Unsplash', 'Titelbild', 'Image by Jane Doe', 'Quelle: Landesregierung',
  `A long caption about the harbour at dusk with boats and gulls and a lighthouse far away (Foto: dpa)`,
  `A long caption about the harbour at dusk with boats and gulls and a lighthouse far away, source: Reuters`, 'Photo VIA Getty', 'Foto ᴠia dpa',
  'the photo: a sunset', 'Our photos of the trip', '© 2024 Example Media', 'Credit: NASA',
  // widget lines
  'Loading...', 'Gefällt mir Wird geladen …', 'Chargement…', 'Cargando...', 'Caricamento…', 'LOADING', 'Page is loading', 'Downloading the data',
  '5 min read', 'Listen to this article', 'No comments yet', '« Older post | Main | Newer post »',
  // prose
  'The quick brown fox jumps over the lazy dog.', 'Der Bundestag hat am Donnerstag ein neues Gesetz beschlossen.', '',
  'Ein Beitrag über Cookies, Kekse und andere Backwaren, wie man sie in Wien isst.', 'Страница загружается', '東京で会議が開かれた。',
];

/**
 * Holds `word` to be a pre-test of `full`: every line `full` accepts, `word` accepts too (so
 * asking `word` first changes no answer); returns how many lines `full` accepts, for the caller
 * to check that the lines exercise it.
 */
export function acceptedByPreTest(full: RegExp, word: RegExp, lines: readonly string[] = CUE_LINES): { accepted: number; missed: string[] } {
  let accepted = 0;
  const missed: string[] = [];
  for (const line of lines) {
    if (!full.test(line)) continue;
    accepted++;
    if (!word.test(line)) missed.push(line);
  }
  return { accepted, missed };
}
