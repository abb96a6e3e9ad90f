/**
 * Characters that print as nothing or turn the text around them (docs/product.md#order-rules,
 * docs/ARCHITECTURE.md#providers-are-untrusted): control characters (line breaks and tabs included),
 * format characters (Unicode Cf: zero-width spaces and joiners U+200B–U+200D, direction marks and
 * overrides U+200E–U+200F, U+202A–U+202E, isolates U+2066–U+2069, the BOM U+FEFF, the soft hyphen …),
 * lone surrogates, private-use characters, and the Hangul fillers, which are letters to Unicode but
 * print as nothing. Each makes one text look like another on screen: U+202E shows '동길홍' as '홍길동',
 * and `https://good.example/‮moc.live//:sptth` as a link to another host.
 *
 * One rule for every place such text comes in: a text a person types and another person reads (a
 * depositor name, an order link) is refused, so nothing is ever stored that nobody can read; a text
 * a provider sends (a service name, a refusal) is stripped, since no one can ask it to retype.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\u115F\u1160\u3164\uFFA0]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');
/**
 * A zero-width joiner between two pictographs draws one emoji (👩‍💻): it turns nothing around, and
 * stripping it would split the emoji, so between pictographs it stays.
 */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/uy;

/** True when `text` holds a character that prints as nothing or turns text around (see above). */
export function hasInvisibleCharacter(text: string): boolean {
  return INVISIBLE.test(text);
}

/**
 * `text` without those characters (a provider's text, before it is stored or shown): each control
 * character becomes a space, so two words never run together, and runs of spaces are left for the
 * caller to collapse.
 */
export function stripInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_ALL, (c: string, offset: number) => {
    if (c === '\u200D' && isEmojiJoinerAt(text, offset)) return c;
    return /\p{Cc}/u.test(c) ? ' ' : '';
  });
}

function isEmojiJoinerAt(text: string, offset: number): boolean {
  EMOJI_JOINER.lastIndex = offset;
  return EMOJI_JOINER.test(text);
}

/**
 * `text` with each such character shown as its code point (`<U+202E>`): how a stored text that holds
 * one (an order link from before they were refused) is displayed, so it reads as what it is.
 */
export function revealInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_ALL, (c: string) => {
    const code = c.codePointAt(0) ?? 0;
    return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
}

/**
 * A provider's text as one line fit to store and show (a service name, a type, a refusal): without
 * invisible characters, whitespace runs as one space, trimmed (docs/ARCHITECTURE.md#providers-are-untrusted).
 */
export function cleanProviderLine(text: string): string {
  return stripInvisibleCharacters(text).replace(/\s+/g, ' ').trim();
}
