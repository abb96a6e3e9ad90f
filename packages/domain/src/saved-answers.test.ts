import { describe, expect, it } from 'vitest';
import {
  SAVED_ANSWER_MESSAGES as M,
  SAVED_ANSWER_TEXT_MAX,
  SAVED_ANSWER_TITLE_MAX,
  validateSavedAnswer,
} from './saved-answers';

const valid = { title: '리필 접수 안내', text: '리필을 접수했습니다.\n24시간 안에 채워집니다.' };

describe('validateSavedAnswer', () => {
  it('accepts a one-line title and a text with line breaks, at their limits', () => {
    expect(validateSavedAnswer(valid)).toBeNull();
    expect(
      validateSavedAnswer({
        title: '가'.repeat(SAVED_ANSWER_TITLE_MAX),
        text: '나'.repeat(SAVED_ANSWER_TEXT_MAX),
      }),
    ).toBeNull();
  });

  it.each([
    ['an empty title', { title: '  ' }, M.TITLE_EMPTY],
    ['a title over 60', { title: '가'.repeat(SAVED_ANSWER_TITLE_MAX + 1) }, M.TITLE_TOO_LONG],
    ['a title of two lines', { title: '리필\n안내' }, M.TITLE_ONE_LINE],
    ['a title with a zero-width space', { title: '리필\u200b안내' }, M.INVISIBLE],
    ['an empty text', { text: ' \n ' }, M.TEXT_EMPTY],
    ['a text over 2000', { text: '가'.repeat(SAVED_ANSWER_TEXT_MAX + 1) }, M.TEXT_TOO_LONG],
    ['a text with NUL', { text: '안내\u0000드립니다' }, M.INVISIBLE],
    ['a text with a right-to-left override', { text: '안내\u202e드립니다' }, M.INVISIBLE],
  ])('refuses %s in Korean', (_name, change, message) => {
    expect(validateSavedAnswer({ ...valid, ...change })).toBe(message);
  });
});
