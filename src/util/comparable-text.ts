/** An apostrophe inside a word: a `<title>` often leaves it out ("Chads Choice" for "Chad’s Choice"). */
const INNER_APOSTROPHE = /(?<=\p{L})['’ʼ](?=\p{L})/gu;

/** Text as compared for sameness: compatibility-normalised, lower-case, letters and digits only (apostrophes inside words dropped), single spaces. */
export function comparableText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(INNER_APOSTROPHE, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Whether `phrase` occurs in `text` as whole words, both `comparableText` keys: "next up pumpkin pie" in "food wishes next up pumpkin pie". */
export function holdsPhrase(text: string, phrase: string): boolean {
  return phrase !== '' && ` ${text} `.includes(` ${phrase} `);
}
