import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  detectImageType,
  isFullOrder,
  NOTICE_CONTENT_MAX,
  POPUP_IMAGE_MAX_BYTES,
  validateFaq,
  validateNotice,
  validatePopupImage,
  validateRegisterWhere,
} from './admin-content';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('detectImageType (by the first bytes only)', () => {
  it('knows PNG, JPEG, GIF and WebP', () => {
    expect(detectImageType(bytes(PNG_SIG, [0, 0, 0, 13], 'IHDR'))).toBe('png');
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(detectImageType(bytes('GIF89a', [1, 0]))).toBe('gif');
    expect(detectImageType(bytes('GIF87a'))).toBe('gif');
    expect(detectImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses text, HTML, SVG, a bare PNG signature, a RIFF that is not WebP and short input', () => {
    expect(detectImageType(bytes('<!doctype html><html>'))).toBeNull();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectImageType(bytes(PNG_SIG, '<html>alert(1)'))).toBeNull();
    expect(detectImageType(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(detectImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it('validatePopupImage checks emptiness, size, then type', () => {
    const png = bytes(PNG_SIG, [0, 0, 0, 13], 'IHDR');
    expect(validatePopupImage(png, 0)).toBe(CONTENT_MESSAGES.IMAGE_REQUIRED);
    expect(validatePopupImage(png, POPUP_IMAGE_MAX_BYTES + 1)).toBe(CONTENT_MESSAGES.IMAGE_TOO_LARGE);
    expect(validatePopupImage(png, POPUP_IMAGE_MAX_BYTES)).toBeNull();
    expect(validatePopupImage(bytes('hello'), 5)).toBe(CONTENT_MESSAGES.IMAGE_TYPE);
    expect(CONTENT_MESSAGES.IMAGE_TYPE).toBe('이미지 파일(PNG, JPG, WEBP, GIF)만 올릴 수 있습니다.');
    expect(CONTENT_MESSAGES.IMAGE_TOO_LARGE).toContain('2MB');
  });
});

describe('content rules', () => {
  it('notice: content required and at most 2,000 characters, color #rrggbb or none', () => {
    const ok = { content: '공지', isTop: false, bgColor: null };
    expect(validateNotice(ok)).toBeNull();
    expect(validateNotice({ ...ok, content: ' \n ' })).toBe(CONTENT_MESSAGES.NOTICE_EMPTY);
    expect(validateNotice({ ...ok, content: 'a'.repeat(NOTICE_CONTENT_MAX) })).toBeNull();
    expect(validateNotice({ ...ok, content: 'a'.repeat(NOTICE_CONTENT_MAX + 1) })).toBe(
      CONTENT_MESSAGES.NOTICE_TOO_LONG,
    );
    expect(validateNotice({ ...ok, bgColor: '#A1b2C3' })).toBeNull();
    for (const bad of ['red', '#abc', '#abcdef0', '', 'url(x)'])
      expect(validateNotice({ ...ok, bgColor: bad })).toBe(CONTENT_MESSAGES.BG_COLOR);
  });

  it('FAQ: title and answer required', () => {
    expect(validateFaq({ title: '질문', answer: '답' })).toBeNull();
    expect(validateFaq({ title: '', answer: '답' })).toBe(CONTENT_MESSAGES.FAQ_TITLE_EMPTY);
    expect(validateFaq({ title: '질문', answer: '' })).toBe(CONTENT_MESSAGES.FAQ_ANSWER_EMPTY);
  });

  it('sign-up route: one short line', () => {
    expect(validateRegisterWhere('블로그')).toBeNull();
    expect(validateRegisterWhere(' ')).toBe(CONTENT_MESSAGES.REGISTER_WHERE_EMPTY);
    expect(validateRegisterWhere('a\nb')).toBe(CONTENT_MESSAGES.REGISTER_WHERE_ONE_LINE);
    expect(validateRegisterWhere('가'.repeat(51))).toBe(CONTENT_MESSAGES.REGISTER_WHERE_TOO_LONG);
  });

  it('a reorder names every id exactly once', () => {
    expect(isFullOrder([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(isFullOrder([], [])).toBe(true);
    expect(isFullOrder([1, 2], [1, 2, 3])).toBe(false);
    expect(isFullOrder([1, 1, 2], [1, 2, 3])).toBe(false);
    expect(isFullOrder([1, 2, 4], [1, 2, 3])).toBe(false);
    expect(isFullOrder([1, 2, 3, 3], [1, 2, 3])).toBe(false);
  });
});
