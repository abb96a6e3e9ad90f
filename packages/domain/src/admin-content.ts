/**
 * The operator's content (notices, FAQ, sign-up routes, popups): the rules the console's forms and the
 * server check alike, with their Korean messages, and the popup image's accepted types and size.
 */

export const NOTICE_CONTENT_MAX = 2000;
export const FAQ_TITLE_MAX = 200;
export const FAQ_ANSWER_MAX = 5000;
export const REGISTER_WHERE_TEXT_MAX = 50;

/** A popup image's largest size in bytes (the server's multipart limit and the browser's check). */
export const POPUP_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The image types a popup may be, by the extension the server stores them under. */
export const POPUP_IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type PopupImageExt = keyof typeof POPUP_IMAGE_TYPES;

/** What the file picker offers (the bytes decide, this only narrows the dialog). */
export const POPUP_IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,image/png,image/jpeg,image/webp,image/gif';

/** How many leading bytes detectImageType needs. */
export const IMAGE_SIGNATURE_BYTES = 16;

/** An uploaded file's public name: 32 random hex digits and one of the accepted extensions. */
export const UPLOAD_NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;

const formatMb = (bytes: number) => `${(bytes / (1024 * 1024)).toLocaleString('ko-KR')}MB`;

export const CONTENT_MESSAGES = {
  NOTICE_EMPTY: '공지 내용을 입력해주세요.',
  NOTICE_TOO_LONG: `공지 내용은 ${NOTICE_CONTENT_MAX.toLocaleString('ko-KR')}자 이하로 입력해주세요.`,
  BG_COLOR: '배경색은 #RRGGBB 형식으로 고르거나 없음으로 두세요.',
  NOTICE_NOT_FOUND: '공지사항을 찾을 수 없습니다.',
  FAQ_TITLE_EMPTY: '질문을 입력해주세요.',
  FAQ_TITLE_TOO_LONG: `질문은 ${FAQ_TITLE_MAX.toLocaleString('ko-KR')}자 이하로 입력해주세요.`,
  FAQ_ANSWER_EMPTY: '답변을 입력해주세요.',
  FAQ_ANSWER_TOO_LONG: `답변은 ${FAQ_ANSWER_MAX.toLocaleString('ko-KR')}자 이하로 입력해주세요.`,
  FAQ_NOT_FOUND: 'FAQ를 찾을 수 없습니다.',
  REGISTER_WHERE_EMPTY: '가입 경로 이름을 입력해주세요.',
  REGISTER_WHERE_TOO_LONG: `가입 경로 이름은 ${REGISTER_WHERE_TEXT_MAX}자 이하로 입력해주세요.`,
  REGISTER_WHERE_ONE_LINE: '가입 경로 이름은 한 줄로 입력해주세요.',
  REGISTER_WHERE_DUPLICATE: '같은 이름의 가입 경로가 이미 있습니다.',
  REGISTER_WHERE_NOT_FOUND: '가입 경로를 찾을 수 없습니다.',
  ORDER_MISMATCH: '목록이 바뀌었습니다. 새로고침한 뒤 전체 순서를 다시 정해주세요.',
  POPUP_NOT_FOUND: '팝업을 찾을 수 없습니다.',
  IMAGE_REQUIRED: '올릴 이미지 파일을 선택해주세요.',
  IMAGE_TYPE: '이미지 파일(PNG, JPG, WEBP, GIF)만 올릴 수 있습니다.',
  IMAGE_TOO_LARGE: `이미지는 ${formatMb(POPUP_IMAGE_MAX_BYTES)} 이하만 올릴 수 있습니다.`,
  IMAGE_ONE: '이미지는 한 번에 한 장만 올릴 수 있습니다.',
  ENABLED_INVALID: "노출 여부는 'true' 또는 'false'로 보내주세요.",
} as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export interface NoticeInput {
  content: string;
  isTop: boolean;
  bgColor: string | null;
}

/** The first problem of a notice, or null. Line breaks are kept (the site shows them). */
export function validateNotice(input: NoticeInput): string | null {
  const m = CONTENT_MESSAGES;
  if (input.content.trim().length === 0) return m.NOTICE_EMPTY;
  if (input.content.length > NOTICE_CONTENT_MAX) return m.NOTICE_TOO_LONG;
  if (input.bgColor !== null && !HEX_COLOR.test(input.bgColor)) return m.BG_COLOR;
  return null;
}

export interface FaqInput {
  title: string;
  answer: string;
}

export function validateFaq(input: FaqInput): string | null {
  const m = CONTENT_MESSAGES;
  if (input.title.trim().length === 0) return m.FAQ_TITLE_EMPTY;
  if (input.title.length > FAQ_TITLE_MAX) return m.FAQ_TITLE_TOO_LONG;
  if (input.answer.trim().length === 0) return m.FAQ_ANSWER_EMPTY;
  if (input.answer.length > FAQ_ANSWER_MAX) return m.FAQ_ANSWER_TOO_LONG;
  return null;
}

/** A sign-up route is one line a member picks from a dropdown: no line breaks. */
export function validateRegisterWhere(text: string): string | null {
  const m = CONTENT_MESSAGES;
  if (text.trim().length === 0) return m.REGISTER_WHERE_EMPTY;
  if (text.trim().length > REGISTER_WHERE_TEXT_MAX) return m.REGISTER_WHERE_TOO_LONG;
  if (/[\r\n\t]/.test(text)) return m.REGISTER_WHERE_ONE_LINE;
  return null;
}

/** A reorder names every item exactly once: the same set as stored, no more, no fewer, no repeats. */
export function isFullOrder(ids: readonly number[], existing: readonly number[]): boolean {
  if (ids.length !== existing.length) return false;
  const seen = new Set(ids);
  return seen.size === ids.length && existing.every((id) => seen.has(id));
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type by the file's own first bytes (never its name or the client's stated type):
 * PNG (signature and the IHDR chunk that must come first), JPEG (SOI and a marker), GIF87a/89a,
 * WebP (RIFF … WEBP and a VP8 chunk). Anything else is null.
 */
export function detectImageType(bytes: Uint8Array): PopupImageExt | null {
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    startsWith(bytes, ascii('IHDR'), 12)
  )
    return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (
    startsWith(bytes, ascii('RIFF')) &&
    startsWith(bytes, ascii('WEBP'), 8) &&
    startsWith(bytes, ascii('VP8'), 12)
  )
    return 'webp';
  return null;
}

/** The first problem of a popup image (its first bytes and its size), or null. */
export function validatePopupImage(head: Uint8Array, size: number): string | null {
  if (size === 0) return CONTENT_MESSAGES.IMAGE_REQUIRED;
  if (size > POPUP_IMAGE_MAX_BYTES) return CONTENT_MESSAGES.IMAGE_TOO_LARGE;
  return detectImageType(head) ? null : CONTENT_MESSAGES.IMAGE_TYPE;
}
