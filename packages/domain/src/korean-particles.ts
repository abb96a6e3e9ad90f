/**
 * Korean particles after a word the screen only knows at run time (an order number, an amount, a
 * service's name): 을/를, 이/가, 은/는, 으로/로 and 과/와 chosen by how the word is read aloud, instead of
 * the "을(를)" that reads as a form letter (docs/product.md#display-constants: money as `₩12,345`, so an
 * amount is read as "… 원").
 */

/** Each pair as written: the form after a final consonant (받침), then the form after a vowel. */
const PARTICLES = {
  '을/를': ['을', '를'],
  '이/가': ['이', '가'],
  '은/는': ['은', '는'],
  '으로/로': ['으로', '로'],
  '과/와': ['과', '와'],
} as const;
export type ParticlePair = keyof typeof PARTICLES;

/**
 * How a word ends when read aloud: on a vowel, on ㄹ (which takes 로, not 으로), on another final
 * consonant, or unknown (nothing readable: empty, only symbols, a script we do not read).
 */
export type FinalSound = 'vowel' | 'rieul' | 'consonant' | 'unknown';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** Final consonant index of ㄹ in a composed syllable ((code - 0xAC00) % 28). */
const RIEUL_FINAL = 8;

/** Characters read as nothing at the end of a word: spaces, closing quotes and brackets, punctuation. */
const SILENT_TAIL = /[\s'"‘’“”`)\]}>〉》」』】.,;:!?…~·-]+$/u;

/** The reading of each digit, by whether it ends on a consonant: 영 일 이 삼 사 오 육 칠 팔 구. */
const DIGIT_SOUND: readonly FinalSound[] = [
  'consonant', // 0 영
  'rieul', // 1 일
  'vowel', // 2 이
  'consonant', // 3 삼
  'vowel', // 4 사
  'vowel', // 5 오
  'consonant', // 6 육
  'rieul', // 7 칠
  'rieul', // 8 팔
  'vowel', // 9 구
];
/** 십 백 천 inside a group of four digits (tens, hundreds, thousands). */
const PLACE_SOUND: readonly FinalSound[] = ['consonant', 'consonant', 'consonant'];
/** The unit of each group of four digits above the first: 만 억 조 경 해. */
const GROUP_SOUND: readonly FinalSound[] = ['consonant', 'consonant', 'vowel', 'consonant', 'vowel'];

/** A capital letter's Korean name (에이, 비, …): only 엘, 엠, 엔 and 알 end on a consonant. */
function letterNameSound(letter: string): FinalSound {
  if (letter === 'L' || letter === 'R') return 'rieul';
  if (letter === 'M' || letter === 'N') return 'consonant';
  return 'vowel';
}

/**
 * An English word as it is usually written in Hangul: -m, -n, -ng end on ㅁ/ㄴ/ㅇ (Instagram, admin,
 * ring); -l and -le on ㄹ (email, Google); a vowel and a stop at the end on a 받침 (Facebook, app, chat,
 * web, KakaoTalk);
 * everything else on a vowel (YouTube, Naver, test, Discord, blog).
 */
function englishWordSound(word: string): FinalSound {
  const lower = word.toLowerCase();
  if (/(?:m|n|ng)$/.test(lower)) return 'consonant';
  if (/alk$/.test(lower)) return 'consonant'; // talk 톡
  if (/le?$/.test(lower)) return 'rieul';
  if (/(?:[aeiou]ck|[aeiou]{1,2}(?:k|pp?|tt?|bb?))$/.test(lower)) return 'consonant';
  return 'vowel';
}

/** A whole number as it is read (1,500 일천오백 → 백; 200,000 이십만 → 만; 21 이십일 → 일). */
function integerSound(digits: string): FinalSound {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  if (/^0+$/.test(trimmed)) return DIGIT_SOUND[0]!;
  const zeros = trimmed.length - trimmed.replace(/0+$/, '').length;
  if (zeros === 0) return DIGIT_SOUND[Number(trimmed.at(-1))]!;
  const group = Math.floor(zeros / 4);
  const place = zeros % 4;
  // Within a group, the last non-zero place's unit (십 백 천); a whole group of zeros ends on its unit.
  if (place > 0) return PLACE_SOUND[place - 1]!;
  return GROUP_SOUND[group - 1] ?? DIGIT_SOUND[Number(trimmed.at(-1 - zeros))]!;
}

/** How `word` ends when read aloud (see FinalSound). */
export function finalSound(word: string | number): FinalSound {
  const text = String(word).replace(SILENT_TAIL, '');
  if (text === '') return 'unknown';
  // A won amount (₩7,500, -₩450) is read "칠천오백 원": it ends on 원.
  if (/₩\s*\d[\d,]*(?:\.\d+)?$/u.test(text)) return 'consonant';
  if (text.endsWith('%')) return 'vowel'; // 퍼센트

  const last = text.at(-1)!;
  const code = last.codePointAt(0)!;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % 28;
    if (final === 0) return 'vowel';
    return final === RIEUL_FINAL ? 'rieul' : 'consonant';
  }
  // A lone consonant or vowel letter (ㄱ, ㅏ), read as its sound.
  if (last >= 'ㄱ' && last <= 'ㅎ') return last === 'ㄹ' ? 'rieul' : 'consonant';
  if (last >= 'ㅏ' && last <= 'ㅣ') return 'vowel';

  const number = /(\d[\d,]*)(?:\.(\d+))?$/.exec(text);
  if (number) {
    // Decimals are read digit by digit after 점 (1.5 일 점 오; 2.0 이 점 영).
    if (number[2] !== undefined) return DIGIT_SOUND[Number(number[2].at(-1))]!;
    return integerSound(number[1]!.replace(/,/g, ''));
  }

  const latin = /[A-Za-z]+$/.exec(text)?.[0];
  if (latin) {
    // An abbreviation (API, SMS, URL) is read letter by letter; a word as a word.
    if (latin === latin.toUpperCase()) return letterNameSound(latin.at(-1)!);
    return englishWordSound(latin);
  }
  return 'unknown';
}

/**
 * The particle of `pair` that follows `word`: '주문 #21' '을/를' → '을'; '₩7,500' '이/가' → '이';
 * '메일' '으로/로' → '로'. A word that cannot be read keeps both forms ('을(를)', '(으)로').
 */
export function particle(word: string | number, pair: ParticlePair): string {
  const [afterConsonant, afterVowel] = PARTICLES[pair];
  switch (finalSound(word)) {
    case 'consonant':
      return afterConsonant;
    case 'rieul':
      return pair === '으로/로' ? afterVowel : afterConsonant;
    case 'vowel':
      return afterVowel;
    case 'unknown':
      return pair === '으로/로' ? '(으)로' : `${afterConsonant}(${afterVowel})`;
  }
}

/** `word` followed by its particle: withParticle('주문 #21', '을/를') → '주문 #21을'. */
export function withParticle(word: string | number, pair: ParticlePair): string {
  return `${String(word)}${particle(word, pair)}`;
}
