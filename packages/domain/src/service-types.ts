/**
 * Service types (docs/product.md#service-types): how an order of a service says what to deliver.
 *
 * - `default`: a link and a quantity between the service's min and max.
 * - `custom_comments`: a link and the comments themselves, one a line; the quantity is the number of
 *   lines, and the provider receives the list.
 * - `package`: a link only; the quantity is fixed (the service's min, which equals its max).
 *
 * These are the three types resellers use most (the trade's `Default`, `Custom Comments`, `Package`);
 * an upstream service of any other type cannot be imported, since its orders need fields we do not take.
 */
export const SERVICE_TYPES = ['default', 'custom_comments', 'package'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  default: '기본 (수량 입력)',
  custom_comments: '댓글 직접 입력',
  package: '패키지 (고정 수량)',
};

/** The trade's names, as API v2 `services` lists them and upstream providers send them. */
export const V2_SERVICE_TYPE_NAMES = {
  default: 'Default',
  custom_comments: 'Custom Comments',
  package: 'Package',
} as const satisfies Record<ServiceType, string>;

export const isServiceType = (value: unknown): value is ServiceType =>
  typeof value === 'string' && (SERVICE_TYPES as readonly string[]).includes(value);

/**
 * An upstream provider's `type` as one of ours: any case and spacing ('custom comments',
 * 'CustomComments'); a missing type is Default, as providers that send none mean. Null for a type we
 * do not support (Poll, Mentions, Subscriptions, …).
 */
export function serviceTypeOfProviderType(type: string): ServiceType | null {
  const key = type.replace(/[\s_-]+/g, '').toLowerCase();
  if (key === '' || key === 'default') return 'default';
  if (key === 'customcomments') return 'custom_comments';
  if (key === 'package') return 'package';
  return null;
}

/** One comment is at most this long; a list at most this many lines (far above any real order). */
export const COMMENT_MAX_LENGTH = 500;
export const COMMENTS_MAX_LINES = 10_000;
/**
 * The body limit of the three calls that place orders (the site's, REST's and SMM API v2's), above the
 * server's 64 KiB for every other call: a Custom Comments order carries its comments in the body, and
 * 10,000 Korean comments of 20 characters are about 0.6 MB as JSON and 1.8 MB form-encoded
 * (docs/product.md#service-types). Larger bodies are refused as too large (413; v2's "Incorrect request").
 */
export const ORDER_REQUEST_MAX_BYTES = 2 * 1024 * 1024;
/** Characters a comment may not carry (control characters; a line break ends the comment). */
const COMMENT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The comments of a Custom Comments order, one a line as typed: lines split on any line break (\r\n,
 * \n or \r), each trimmed, blank lines dropped. The quantity of the order is the length of this list.
 */
export function commentLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Why this list cannot be sent, or null: a comment too long or with a control character. */
export function commentLinesProblem(lines: string[]): 'too-long' | 'control' | 'too-many' | null {
  if (lines.length > COMMENTS_MAX_LINES) return 'too-many';
  for (const line of lines) {
    if (COMMENT_CONTROL.test(line)) return 'control';
    if ([...line].length > COMMENT_MAX_LENGTH) return 'too-long';
  }
  return null;
}
