/**
 * Compact stop-word lists (our own: the most frequent function words of each language)
 * for the block-labelling study's stop-word features, and page language guessing from them. Prose has
 * many stop words whatever its topic; menus, bylines and tag clouds have few.
 *
 * Chinese and Japanese do not separate words, so their lists are single function
 * characters (particles, copulas, common pronouns), matched against the one-character
 * tokens `tokenize` makes for those scripts.
 */

export type StopLanguage =
  | 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'sv' | 'da' | 'no' | 'fi' | 'pl' | 'cs' | 'ru' | 'tr' | 'id'
  | 'ko' | 'zh' | 'ja';

const LISTS: Readonly<Record<StopLanguage, string>> = {
  en: 'a an the and or but if of to in on at by for with from as into about than then that this these those is are was were be been being have has had do does did not no it its he she they we you i me him her them his their our your my who whom which what when where why how all any each so such can could will would shall should may might must there here also just only very more most',
  de: 'der die das den dem des ein eine einen einem einer eines und oder aber wenn als wie auch nicht kein keine ist sind war waren wird werden wurde hat haben hatte sein ich du er sie es wir ihr mich mir sich uns euch im in an auf aus bei mit nach von vor zu zum zur für über unter durch gegen ohne um dass noch schon nur so dann doch sehr man was wer wo',
  fr: 'le la les un une des du de et ou mais si que qui quoi dont où ce cet cette ces est sont était été être avoir a ont avait il elle ils elles on nous vous je tu me te se lui leur leurs son sa ses mon ma mes dans sur sous avec sans pour par en au aux pas ne plus comme aussi très tout tous toute',
  es: 'el la los las un una unos unas y o pero si que quien cual cuando donde como de del al en con sin por para sobre entre es son era fue ser estar está están ha han había no ni se su sus lo le les me te nos yo tú él ella ellos ellas este esta estos estas ese esa muy más también ya',
  it: 'il lo la i gli le un uno una e o ma se che chi cui di del della dei delle da dal dalla in nel nella con su sul sulla per tra fra è sono era erano essere ha hanno aveva non ne si mi ti ci vi lui lei loro suo sua suoi questo questa quello quella come anche più molto già',
  pt: 'o a os as um uma uns umas e ou mas se que quem qual quando onde como de do da dos das em no na nos nas com sem por para pelo pela sobre é são era foi ser estar está estão tem têm não nem ele ela eles elas eu você seu sua seus suas este esta isso isto muito mais também já ao aos à',
  nl: 'de het een en of maar als dat die dit deze wie wat waar hoe van in op aan met voor door bij naar uit over tot om is zijn was waren wordt worden werd heeft hebben had niet geen ik jij je hij zij ze wij we u hun haar mijn ook nog al er dan zo zeer meer',
  sv: 'och i att det som en ett på är av för med till den de inte om har var jag han hon vi ni dem sig sin sitt sina men eller så från vid efter när där hur kan ska skulle bara också mycket mer än detta denna dessa',
  da: 'og i at det som en et på er af for med til den de ikke om har var jeg han hun vi i dem sig sin sit sine men eller så fra ved efter når hvor hvordan kan skal skulle kun også meget mere end dette denne disse',
  no: 'og i at det som en et ei på er av for med til den de ikke om har var jeg han hun vi dere dem seg sin sitt sine men eller så fra ved etter når hvor hvordan kan skal skulle bare også mye mer enn dette denne disse',
  fi: 'ja on oli ovat olivat ei eivät se ne hän he me te minä sinä tämä tuo nämä että kun jos mutta tai myös vain niin kuin sekä jo nyt sitten mitä mikä joka jotka kanssa ennen jälkeen mukaan vuoksi',
  pl: 'i w na z do nie że się to jest są był była było o od po przez dla za przy jak ale lub czy tak już tylko jego jej ich go mu jej ten ta te tego tej który która które co gdy gdzie bardzo także oraz też',
  cs: 'a i v ve na z ze do se že je jsou byl byla bylo o od po pro za při jak ale nebo tak již jen jeho její jejich ten ta to toho té který která které co když kde velmi také není by aby',
  ru: 'и в во на с со к ко по из за от до для о об не ни что как так это этот эта эти тот та те он она оно они мы вы я ты его её их был была было были есть быть но или а же ли бы уже только также очень при',
  tr: 've ile bir bu şu o da de için gibi ama ancak veya ya ki ne çok daha en her mi mı mu mü olarak olan oldu değil var yok ben sen biz siz onlar bunu şunu onu kadar sonra önce ise',
  id: 'dan yang di ke dari ini itu untuk dengan pada adalah tidak akan juga dalam atau oleh karena sebagai telah sudah ada saya kami kita mereka dia ia bisa lebih sangat hanya jika tersebut',
  ko: '그 이 저 것 수 등 및 또는 그리고 하지만 그러나 또 더 잘 안 못 때 중 위 후 전 각 의 를 을 에 는 은 가 와 과 도 로 으로 에서 있다 없다 하다 했다 한다 이다 있는 하는 된 되는',
  zh: '的 了 是 在 和 与 或 也 就 都 而 及 着 之 其 这 那 他 她 它 们 我 你 有 不 没 为 以 于 被 把 对 从 到 上 中 个',
  ja: 'の に は を た が で て と し れ さ ある いる も な い か から まで より こと これ それ その この ない です ます だ や',
};

export const STOP_LANGUAGES: readonly StopLanguage[] = Object.freeze(Object.keys(LISTS) as StopLanguage[]);

const SETS: ReadonlyMap<StopLanguage, ReadonlySet<string>> = new Map(
  STOP_LANGUAGES.map((l) => [l, new Set(LISTS[l].split(' '))] as const),
);

/** Union of every list: the fallback when a page's language cannot be told. */
const ALL: ReadonlySet<string> = new Set(STOP_LANGUAGES.flatMap((l) => [...SETS.get(l)!]));

export function stopWords(lang: StopLanguage | undefined): ReadonlySet<string> {
  return lang ? SETS.get(lang)! : ALL;
}

/** `<html lang="pt-BR">` -> pt, `nb`/`nn` -> no; undefined for languages without a list. */
export function stopLanguageOf(langAttr: string | undefined): StopLanguage | undefined {
  if (!langAttr) return undefined;
  let base = langAttr.trim().toLowerCase().split(/[-_]/)[0]!;
  if (base === 'nb' || base === 'nn') base = 'no';
  if (base === 'in') base = 'id';
  return (STOP_LANGUAGES as readonly string[]).includes(base) ? (base as StopLanguage) : undefined;
}

/**
 * The list that matches most of the page's tokens, when it matches enough of them
 * (3% and 5 tokens): cheap and good enough to pick a stop list. `sample` is the lower-cased
 * tokens of the page (callers cap it).
 */
/** Word -> bit set of the languages listing it: one lookup per token when guessing. */
const LANGS_OF: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  STOP_LANGUAGES.forEach((l, k) => {
    for (const w of SETS.get(l)!) m.set(w, (m.get(w) ?? 0) | (1 << k));
  });
  return m;
})();

export function guessStopLanguage(sample: readonly string[]): StopLanguage | undefined {
  if (sample.length === 0) return undefined;
  const hits = new Int32Array(STOP_LANGUAGES.length);
  for (const t of sample) {
    let bits = LANGS_OF.get(t);
    if (bits === undefined) continue;
    for (let k = 0; bits !== 0; k++, bits >>>= 1) if (bits & 1) hits[k]!++;
  }
  let best = -1;
  for (let k = 0; k < hits.length; k++) if (best < 0 || hits[k]! > hits[best]!) best = k;
  const bestHits = hits[best]!;
  return bestHits >= 5 && bestHits >= sample.length * 0.03 ? STOP_LANGUAGES[best] : undefined;
}
