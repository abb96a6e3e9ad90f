/**
 * Bank deposit notifications (입금 알림) → a deposit to credit.
 *
 * An Android relay app forwards the raw text of the operator's bank SMS / push; this module reads it.
 * Money is credited from the result, so the rule throughout is: when in doubt, return null and let an
 * operator look at it. A missed top-up is a support ticket; a wrong one is lost money.
 *
 * One generic strategy serves every bank, because the eight formats are the same few parts in a
 * different order: a bank marker, an optional `MM/DD HH:mm`, a masked account number, the `입금`
 * figure, the balance (`잔액`) and the depositor's name. So instead of a regex per bank:
 *
 *   1. normalise (NFKC: full-width digits and `㈜`), refuse control / invisible characters;
 *   2. refuse anything that says it is not a completed deposit (출금, 승인, 취소, 광고 …);
 *   3. name the bank from the marker the message starts with (the one per-bank table below);
 *   4. cut out every part we recognise — date, account numbers, balance, the `입금 <amount>` figure —
 *      leaving a line break where each was;
 *   5. what is left must be exactly one piece of text, and that is the depositor's name.
 *
 * Step 5 is what makes the parser strict: an unknown word, a second name, an unlabelled number or an ad
 * line leaves a second piece, and the message is refused rather than guessed at.
 */

export const BANK_CODES = ['KB', 'SHINHAN', 'WOORI', 'HANA', 'NH', 'IBK', 'KAKAOBANK', 'TOSSBANK'] as const;
export type BankCode = (typeof BANK_CODES)[number];

export const BANK_LABELS: Record<BankCode, string> = {
  KB: 'KB국민',
  SHINHAN: '신한',
  WOORI: '우리',
  HANA: '하나',
  NH: 'NH농협',
  IBK: 'IBK기업',
  KAKAOBANK: '카카오뱅크',
  TOSSBANK: '토스뱅크',
};

export interface ParsedBankSms {
  bank: BankCode;
  /** As printed, trimmed, runs of spaces collapsed to one (after NFKC, so `ＫＩＭ` reads `KIM`). */
  depositorName: string;
  /** Integer won, > 0. */
  amount: number;
  /** 'MM/DD HH:mm' as printed, if the message carries it (month/day/hour/minute), else null */
  printedAt: { month: number; day: number; hour: number; minute: number } | null;
  /**
   * The visible tail digits of the account the money arrived in (`123456**789` → `'789'`), see
   * accountTailOf; null when the message prints none, or several that disagree.
   */
  accountTail: string | null;
}

/** Longer than any real notification; anything bigger is not one, and is not worth scanning. */
const MAX_LENGTH = 2000;

/**
 * The message must start with its bank's marker (after an optional `[Web발신]`). Only the start counts:
 * `하나`, `우리` and `국민` are ordinary words and can be part of a name (`김하나`) or an ad. A letter
 * straight after the marker means another word (`신한카드`, `KB증권`, `우리가게`), so it is not a match:
 * card approvals and brokers' messages never get a bank.
 */
const BANK_MARKERS: readonly (readonly [BankCode, RegExp])[] = [
  ['KB', /^\[?(?:KB국민은행|KB국민|KB|국민은행)\]?(?![가-힣A-Za-z])/],
  ['SHINHAN', /^\[?신한(?:은행)?\]?(?![가-힣A-Za-z])/],
  ['WOORI', /^\[?우리(?:은행)?\]?(?![가-힣A-Za-z])/],
  ['HANA', /^\[?하나(?:은행)?\]?(?![가-힣A-Za-z])/],
  ['NH', /^\[?(?:NH농협은행|NH농협|농협은행|농협|NH)\]?(?![가-힣A-Za-z])/],
  ['IBK', /^\[?(?:IBK기업은행|IBK기업|IBK|기업은행)\]?(?![가-힣A-Za-z])/],
  ['KAKAOBANK', /^\[?카카오뱅크\]?(?![가-힣A-Za-z])/],
  ['TOSSBANK', /^\[?토스뱅크\]?(?![가-힣A-Za-z])/],
];

/**
 * Words that mean this is not a completed deposit, wherever they appear: withdrawals (출금, 이체출금,
 * 체크카드출금), card approvals and payments (승인, 결제), reversals (입금취소), failures, scheduled
 * transfers, ads. A depositor called `취소` is refused too; that one can be credited by hand.
 */
const NOT_A_DEPOSIT = /출금|인출|승인|결제|취소|실패|예정|광고/;

/**
 * Characters no bank prints: controls other than line breaks and tabs (NUL …), format characters
 * (zero-width spaces and joiners, right-to-left overrides, which would make a name look like another),
 * lone surrogates and private-use characters.
 */
const FORBIDDEN_CHARACTERS = /[^\P{Cc}\t\n\r]|[\p{Cf}\p{Cs}\p{Co}]/u;

const WEB_SENDER_PREFIX = /^\s*\[\s*Web\s*발신\s*\]/i;

/**
 * A won figure: 1,234,567 (well-formed comma groups) or 1234567. Never a leading zero, never more
 * than 15 digits (so it stays a safe integer), never followed by another digit, comma or point, so
 * `10,0001` and `10.5` do not yield a shorter number.
 */
const AMOUNT = String.raw`(?:[1-9]\d{0,2}(?:,\d{3}){1,4}|[1-9]\d{0,14})(?![\d,.])`;

/** `MM/DD HH:mm`, separated by spaces or commas (하나 prints `11/23,14:05`); seconds tolerated. */
const PRINTED_AT = /(?<![\d/])(\d{1,2})\/(\d{1,2})[\s,]*(\d{1,2}):(\d{2})(?::\d{2})?(?![\d:])/g;

/**
 * Account numbers: any token with a mask (`123456**789`, `110-***-123456`, `*1234`, and 카카오뱅크's
 * masked holder `홍*동(4567)`, which is the operator, not the depositor), or digits joined by hyphens
 * (`351-1234-5678-03`). Removed so their digits are never read as an amount or left over as a name;
 * their visible tail is the deposit's accountTail (accountTailOf, tailOfAccounts).
 */
const ACCOUNT_TOKENS = [/\S*\*\S*/g, /(?<!\S)\d+(?:-\d+)+(?!\S)/g];

/** A tail longer than this keeps its last digits: no account number is this long. */
export const ACCOUNT_TAIL_MAX_DIGITS = 20;

/**
 * What may follow the last mask of an account: digits and hyphens (at least one digit), or
 * 카카오뱅크's masked holder name ending in the account's last digits in parentheses (`홍*동(4567)`).
 */
const VISIBLE_TAIL = /^(?:([\d-]*\d[\d-]*)|[가-힣A-Za-z]*\((\d+)\))$/;

/**
 * The visible tail of a receiving account number as printed or sent, or null when none is visible.
 *
 * Precisely: take what follows the last mask character `*` (the whole text when there is none). If it
 * is digits and hyphens with at least one digit, the tail is those digits, hyphens dropped; if it is a
 * masked holder name followed by `(digits)` (카카오뱅크: `홍*동(4567)`), those digits; anything else is
 * null. Longer than ACCOUNT_TAIL_MAX_DIGITS, it keeps its last ACCOUNT_TAIL_MAX_DIGITS digits.
 *
 *   `123456**789` → `789`      `110-***-123456` → `123456`    `351-****-1234-56` → `123456`
 *   `*1234` → `1234`           `123-456789` → `123456789`     `홍*동(4567)` → `4567`
 *   `110-496-******` → null (only the head is visible)   `***원` (a hidden balance) → null
 *
 * Hyphens are layout and differ between banks and relays; the digits after the last mask are the last
 * digits of the account number. So two reports of one account have tails one of which ends with the
 * other (`789`, `456789`), and two tails where neither ends the other are two accounts
 * (accountTailsAgree).
 */
export function accountTailOf(account: string): string | null {
  const visible = account.slice(account.lastIndexOf('*') + 1);
  const match = VISIBLE_TAIL.exec(visible);
  const digits = match?.[1]?.replaceAll('-', '') ?? match?.[2];
  if (digits === undefined || digits.length === 0) return null;
  return digits.slice(-ACCOUNT_TAIL_MAX_DIGITS);
}

/** Two tails can be of one account: one of them ends with the other. */
export function accountTailsAgree(a: string, b: string): boolean {
  return a.endsWith(b) || b.endsWith(a);
}

export const DEPOSIT_ACCOUNT_MAX_LENGTH = 40;
export const DEPOSIT_ACCOUNT_MESSAGE = `입금 계좌(account)는 숫자, 하이픈(-), 가림표(*)로만 ${DEPOSIT_ACCOUNT_MAX_LENGTH}자 이내로 보내 주세요. 예: 123-456789, 123456**789`;

/**
 * True when `account` may stand as the deposit webhook's account: ASCII digits, hyphens and the mask
 * `*` only, 1–40 characters (its tail may still be null: `110-496-******`).
 */
export function isDepositAccount(account: string): boolean {
  return account.length <= DEPOSIT_ACCOUNT_MAX_LENGTH && /^[0-9*-]+$/.test(account);
}

/**
 * The one account tail of a message's account tokens: the shortest when they all agree (the same
 * account printed twice), null when none shows a tail or two disagree (which of them received the
 * money is then unknown, and an unknown tail never tells two reports apart). The shortest, because a
 * longer one that agrees may be the sender's text (`*00789` beside the bank's `123456**789`): a longer
 * tail tells more reports apart, and only the bank's own may do that.
 */
function tailOfAccounts(tokens: readonly string[]): string | null {
  const tails = tokens.map(accountTailOf).filter((tail): tail is string => tail !== null);
  const shortest = tails.reduce<string | null>((a, b) => (a === null || b.length < a.length ? b : a), null);
  return shortest !== null && tails.every((tail) => tail.endsWith(shortest)) ? shortest : null;
}

/**
 * Where an account token was cut out while the message is read: a character no message holds (controls
 * are refused up front), so the tokens still separate pieces but show which piece they stood beside.
 */
const ACCOUNT_CUT = '\u0000';
/** Where the printed time was cut out, likewise. */
const DATE_CUT = '\u0001';

/**
 * The balance, with its figure if printed. It is removed before anything else is read because it is
 * the one other money figure in the message, usually the larger one, and on some banks (신한, 농협) it
 * sits next to the name. The amount is only ever read straight after the word `입금`, so the balance
 * cannot become the amount; removing it also keeps its figure from being left over as a second piece.
 * A minus balance (마이너스 통장) is a balance too.
 */
const BALANCE = /잔액(?:\s*-?[\d,*]+원?)?/g;

/**
 * Transaction kinds banks print in front of `입금` (KB: `전자금융입금`, `FBS입금` …). A closed list: a
 * name glued to `입금` (`홍길동입금`) must not be read as a kind.
 */
const DEPOSIT_KINDS =
  '전자금융|타행이체|타행|이체|인터넷|모바일|스마트|폰뱅킹|텔레뱅킹|FBS|CMS|ATM|CD|창구|무통장|대체|자동';

/**
 * `입금 10,000원`, `입금10,000원`, `입금    10,000`, or (KB) `입금` and the figure on the next line. The
 * word must stand on its own, so a name glued to it is not split off.
 */
const DEPOSIT = new RegExp(
  String.raw`(?<![가-힣A-Za-z0-9])(?:${DEPOSIT_KINDS})?입금\s*(${AMOUNT})원?(?![가-힣A-Za-z0-9])`,
  'g',
);

/**
 * The push-notification sentence (토스뱅크 `홍길동님이 10,000원을 입금했어요.`, 카카오뱅크
 * `홍길동님이 10,000원을 보냈어요`). Rewritten to the line form so the one strategy reads it: the name
 * before `님이` becomes its own piece. `님에게 … 보냈어요` (money sent out) does not match.
 */
const DEPOSIT_SENTENCE = new RegExp(
  String.raw`님이\s*(${AMOUNT})\s*원을\s*(?:입금했어요|보냈어요|입금하였습니다)[.!]?`,
  'g',
);

/**
 * A depositor name: Hangul, Latin letters, digits (a memo such as `홍길동1234`), spaces and the few
 * signs company names use (`(주)소셜`, `A&B`, `CO.`, `A-ONE`), with at least one letter, so a stray
 * figure is never a name. Emoji, `*` and everything else are refused.
 */
const NAME = /^(?=.*[가-힣A-Za-z])[가-힣A-Za-z0-9 ().&-]{1,20}$/;
/**
 * A second `입금` that is not a figure (`홍길동입금`, an unknown kind such as `급여입금`) leaves the
 * name in doubt. (`잔액` cannot get this far: every one is cut out above.)
 */
const NOT_IN_A_NAME = /입금/;

/**
 * A depositor name as this parser would read it from a bank message: NFKC, then the parts it cuts out
 * of a message cut out of the name as well — a `MM/DD HH:mm` time, account-shaped tokens (`*12`,
 * `12-34`), the balance (`잔액…`) — each piece trimmed of spaces and commas, the pieces joined by one
 * space, runs of spaces collapsed. The sender of a transfer writes the text its reports carry; the
 * webhook passes it on as written while the bank message loses those parts, so the two channels agree
 * only when every name is read this way (normalizeDepositorName in charge-rules.ts builds the matching
 * key on it). Where the parser would find two pieces and refuse the message, this joins them: the
 * webhook's report stays readable, and the bank message of that transfer is held UNPARSED anyway.
 * A parsed name reads as itself.
 */
export function readDepositorName(name: string): string {
  let rest = name.normalize('NFKC');
  for (const pattern of [PRINTED_AT, ...ACCOUNT_TOKENS, BALANCE]) rest = rest.replace(pattern, '\n');
  return rest
    .split('\n')
    .map(trimPiece)
    .filter((piece) => piece.length > 0)
    .join(' ');
}

/** A piece of a message without the spaces and commas around it, runs of spaces collapsed to one. */
function trimPiece(piece: string): string {
  return piece.replace(/^[\s,]+|[\s,]+$/g, '').replace(/\s+/g, ' ');
}

export function parseBankDepositSms(text: string): ParsedBankSms | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_LENGTH) return null;
  if (FORBIDDEN_CHARACTERS.test(text)) return null;
  const normalized = text.normalize('NFKC');
  if (NOT_A_DEPOSIT.test(normalized)) return null;

  let rest = normalized.replace(WEB_SENDER_PREFIX, '').trimStart();
  const marker = BANK_MARKERS.find(([, pattern]) => pattern.test(rest));
  if (!marker) return null;
  const [bank, markerPattern] = marker;
  rest = rest.replace(markerPattern, '\n');

  const dates = [...rest.matchAll(PRINTED_AT)];
  if (dates.length > 1) return null;
  let printedAt: ParsedBankSms['printedAt'] = null;
  if (dates[0]) {
    printedAt = readPrintedAt(dates[0]);
    // A date that is not a real date means we are misreading the message.
    if (!printedAt) return null;
    rest = rest.replace(PRINTED_AT, DATE_CUT);
  }

  const accounts: string[] = [];
  for (const pattern of ACCOUNT_TOKENS) {
    rest = rest.replace(pattern, (token) => {
      accounts.push(token);
      return ACCOUNT_CUT;
    });
  }
  rest = rest.replace(BALANCE, '\n');
  rest = rest.replace(DEPOSIT_SENTENCE, (_sentence, amount: string) => `\n입금 ${amount}원\n`);

  // Exactly one deposit figure: two (a forwarded pair, a quoted message) is ambiguous.
  const deposits = [...rest.matchAll(DEPOSIT)];
  if (deposits.length !== 1 || deposits[0]?.[1] === undefined) return null;
  const amount = Number(deposits[0][1].replaceAll(',', ''));
  if (!Number.isSafeInteger(amount) || amount <= 0) return null;
  rest = rest.replace(DEPOSIT, '\n');

  const pieces = rest
    .split(/[\n\u0000\u0001]/)
    .map(trimPiece)
    .filter((piece) => piece.length > 0);
  const [depositorName] = pieces;
  if (pieces.length !== 1 || depositorName === undefined) return null;
  if (!NAME.test(depositorName) || NOT_IN_A_NAME.test(depositorName)) return null;

  // The sender writes the name, and the bank prints it as written: an account token or a time on the
  // name's own line, with nothing but spaces between, may be the sender's text (`정우성 *00789`,
  // `정우성 01/01 00:00`), and must not tell this report apart from another report of the transfer.
  // So the message's account is then unknown, and its time is its arrival (docs/ARCHITECTURE.md
  // "Charges and deposits").
  const nameLine = rest
    .split('\n')
    .find((line) => trimPiece(line.replace(/[\u0000\u0001]/g, ' ')).length > 0);
  const besideName = (cut: string) => nameLine?.includes(cut) === true;
  return {
    bank,
    depositorName,
    amount,
    printedAt: besideName(DATE_CUT) ? null : printedAt,
    accountTail: besideName(ACCOUNT_CUT) ? null : tailOfAccounts(accounts),
  };
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function readPrintedAt(match: RegExpMatchArray): ParsedBankSms['printedAt'] {
  const [month, day, hour, minute] = match.slice(1, 5).map(Number);
  if (month === undefined || day === undefined || hour === undefined || minute === undefined) return null;
  const daysInMonth = DAYS_IN_MONTH[month - 1];
  if (daysInMonth === undefined || day < 1 || day > daysInMonth) return null;
  if (hour > 23 || minute > 59) return null;
  return { month, day, hour, minute };
}
