import { describe, expect, it } from 'vitest';
import {
  hasInvisibleCharacter,
  revealInvisibleCharacters,
  stripInvisibleCharacters,
} from './invisible-characters';

describe('stripInvisibleCharacters (a provider text)', () => {
  it('drops direction controls and zero-width characters, so a name reads as it is stored', () => {
    expect(stripInvisibleCharacters('Instagram \u202EsekiL\u202C 1K')).toBe('Instagram sekiL 1K');
    expect(stripInvisibleCharacters('Fol\u200Blow\u200Cers\u2066\u2069\uFEFF\u00AD')).toBe('Followers');
    expect(stripInvisibleCharacters('\u3164\u115F좋아요')).toBe('좋아요');
    expect(hasInvisibleCharacter(stripInvisibleCharacters('a\u202Eb\u200Fc\uE000d\uD800'))).toBe(false);
  });

  it('turns control characters into spaces', () => {
    expect(stripInvisibleCharacters('a\nb\tc\u0000d')).toBe('a b c d');
  });

  it('keeps a joiner between two pictographs (one emoji), and the emoji and Korean around it', () => {
    expect(stripInvisibleCharacters('👩‍💻 개발자 ❤️‍🔥')).toBe('👩‍💻 개발자 ❤️‍🔥');
    expect(stripInvisibleCharacters('a\u200D💻')).toBe('a💻');
  });
});

describe('revealInvisibleCharacters (a stored text shown as it is)', () => {
  it('shows each such character as its code point', () => {
    expect(revealInvisibleCharacters('https://a.example/\u202Egnp.exe')).toBe(
      'https://a.example/<U+202E>gnp.exe',
    );
    expect(revealInvisibleCharacters('x\u200By\u0007')).toBe('x<U+200B>y<U+0007>');
    expect(revealInvisibleCharacters('https://example.com/한글')).toBe('https://example.com/한글');
  });
});
