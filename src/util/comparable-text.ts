/** An apostrophe inside a word: a `<title>` often leaves it out ("Chads Choice" for "Chad’s Choice"). */
const INNER_APOSTROPHE = /(?<=\p{L})['’ʼ](?=\p{L})/gu;

/** ASCII text (with tabs and line breaks): NFKC leaves it as it is, and its letters and digits are a-z and 0-9. */
const ASCII_TEXT = /^[\t\n\r\x20-\x7e]*$/;
const ASCII_INNER_APOSTROPHE = /(?<=[a-z])'(?=[a-z])/g;

/** Text as compared for sameness: compatibility-normalised, lower-case, letters and digits only (apostrophes inside words dropped), single spaces. */
export function comparableText(s: string): string {
  // The same steps spelled for ASCII, several times cheaper than the Unicode classes: most text is ASCII.
  if (ASCII_TEXT.test(s)) return s.toLowerCase().replace(ASCII_INNER_APOSTROPHE, '').replace(/[^a-z0-9]+/g, ' ').trim();
  return s.normalize('NFKC').toLowerCase().replace(INNER_APOSTROPHE, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Whether `phrase` occurs in `text` as whole words, both `comparableText` keys: "next up pumpkin pie" in "food wishes next up pumpkin pie". */
export function holdsPhrase(text: string, phrase: string): boolean {
  return phrase !== '' && ` ${text} `.includes(` ${phrase} `);
}
