/**
 * 자주 쓰는 답변 (docs/product.md#inquiries): reply texts an operator keeps to answer inquiries with. The
 * console's form and the server check them with the same rules and Korean messages.
 */
import { hasInvisibleCharacter } from './invisible-characters';

export const SAVED_ANSWER_TITLE_MAX = 60;
export const SAVED_ANSWER_TEXT_MAX = 2000;

export const SAVED_ANSWER_MESSAGES = {
  TITLE_EMPTY: '답변 이름을 입력해주세요.',
  TITLE_TOO_LONG: `답변 이름은 ${SAVED_ANSWER_TITLE_MAX}자 이하로 입력해주세요.`,
  TITLE_ONE_LINE: '답변 이름은 한 줄로 입력해주세요.',
  TEXT_EMPTY: '답변 내용을 입력해주세요.',
  TEXT_TOO_LONG: `답변 내용은 ${SAVED_ANSWER_TEXT_MAX.toLocaleString('ko-KR')}자 이하로 입력해주세요.`,
  INVISIBLE: '보이지 않는 문자는 쓸 수 없습니다. 다시 입력해주세요.',
  NOT_FOUND: '자주 쓰는 답변을 찾을 수 없습니다.',
} as const;

export interface SavedAnswerInput {
  title: string;
  text: string;
}

/**
 * The first problem of a saved answer, or null. The title is one line; the text keeps its line breaks
 * (it becomes a reply the member reads) and, like an inquiry's text, refuses every other character that
 * prints as nothing. Its limit is a reply's, so a saved answer always fits the reply form.
 */
export function validateSavedAnswer(input: SavedAnswerInput): string | null {
  const m = SAVED_ANSWER_MESSAGES;
  const title = input.title.trim();
  if (title.length === 0) return m.TITLE_EMPTY;
  if (/[\r\n]/.test(input.title)) return m.TITLE_ONE_LINE;
  if (hasInvisibleCharacter(title)) return m.INVISIBLE;
  if (title.length > SAVED_ANSWER_TITLE_MAX) return m.TITLE_TOO_LONG;
  if (input.text.trim().length === 0) return m.TEXT_EMPTY;
  if (input.text.length > SAVED_ANSWER_TEXT_MAX) return m.TEXT_TOO_LONG;
  if (hasInvisibleCharacter(input.text.replace(/\r?\n/g, ''))) return m.INVISIBLE;
  return null;
}
