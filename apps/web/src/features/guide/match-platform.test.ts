import { describe, expect, it } from 'vitest';
import type { Platform } from '@smm/domain/contract';
import { GENERAL_GUIDE } from './link-guides';
import { guideSections, matchPlatformGuide } from './match-platform';

const platform = (id: number, text: string, visible = true): Platform => ({ id, text, visible, bgColor: '' });

describe('matchPlatformGuide', () => {
  it("matches the demo catalog's platform names", () => {
    expect(
      ['인스타그램', '유튜브', '틱톡', '페이스북', '네이버'].map((t) => matchPlatformGuide(t)?.id),
    ).toEqual(['instagram', 'youtube', 'tiktok', 'facebook', 'naver']);
  });

  it('ignores case, spaces, emoji and extra words', () => {
    expect(matchPlatformGuide('Instagram')?.id).toBe('instagram');
    expect(matchPlatformGuide('🇰🇷 인스타 그램 (한국인)')?.id).toBe('instagram');
    expect(matchPlatformGuide('YouTube 쇼츠')?.id).toBe('youtube');
    expect(matchPlatformGuide('TIK TOK')?.id).toBe('tiktok');
    expect(matchPlatformGuide('페북')?.id).toBe('facebook');
    expect(matchPlatformGuide('네이버 블로그')?.id).toBe('naver');
  });

  it('returns null for a platform the guide has no entry for', () => {
    expect(matchPlatformGuide('스레드')).toBeNull();
    expect(matchPlatformGuide('X (트위터)')).toBeNull();
    expect(matchPlatformGuide('')).toBeNull();
  });
});

describe('guideSections', () => {
  it('gives every visible platform a section, in catalog order, with the general guide for unknown ones', () => {
    const sections = guideSections([
      platform(3, '유튜브'),
      platform(1, '스레드'),
      platform(2, '숨김 플랫폼', false),
      platform(4, '인스타그램'),
    ]);
    expect(sections.map((s) => [s.platform.id, s.guide.id, s.general])).toEqual([
      [3, 'youtube', false],
      [1, 'general', true],
      [4, 'instagram', false],
    ]);
    expect(sections[1]?.guide).toBe(GENERAL_GUIDE);
  });
});
