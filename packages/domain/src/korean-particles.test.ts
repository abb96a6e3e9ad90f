import { describe, expect, it } from 'vitest';
import { formatWon } from './format';
import { finalSound, particle, withParticle, type ParticlePair } from './korean-particles';
import { ORDER_CANCEL_MESSAGES } from './refill-rules';

const PAIRS: readonly ParticlePair[] = ['을/를', '이/가', '은/는', '으로/로', '과/와'];

/** The five particles after `word`, in PAIRS order. */
const allAfter = (word: string | number) => PAIRS.map((pair) => particle(word, pair));

describe('korean particles', () => {
  it('after a final consonant other than ㄹ: 을 이 은 으로 과', () => {
    for (const word of ['주문', '회원', '상품', '잔액', '입금', '밖']) {
      expect(allAfter(word), word).toEqual(['을', '이', '은', '으로', '과']);
    }
  });

  it('after a vowel: 를 가 는 로 와', () => {
    for (const word of ['서비스', '공급사', '메모', '포인트', '자동주문 취소']) {
      expect(allAfter(word), word).toEqual(['를', '가', '는', '로', '와']);
    }
  });

  it('after ㄹ: 을 이 은 과, but 로 (not 으로)', () => {
    for (const word of ['리필', '메일', '서울', '달', '물']) {
      expect(allAfter(word), word).toEqual(['을', '이', '은', '로', '과']);
    }
  });

  it('decides by the last syllable, whatever comes before it', () => {
    expect(withParticle('인스타그램 팔로워', '을/를')).toBe('인스타그램 팔로워를');
    expect(withParticle('유튜브 조회수', '이/가')).toBe('유튜브 조회수가');
    expect(withParticle('충전 신청', '은/는')).toBe('충전 신청은');
    // Every batchim index is a consonant (1..27), 0 is none: the (code - 0xAC00) % 28 rule.
    expect(finalSound('가')).toBe('vowel');
    expect(finalSound('각')).toBe('consonant');
    expect(finalSound('갈')).toBe('rieul');
    expect(finalSound('갛')).toBe('consonant');
    expect(finalSound('힣')).toBe('consonant');
    expect(finalSound('히')).toBe('vowel');
  });

  it('reads digits as Korean numbers: 영 일 이 삼 사 오 육 칠 팔 구', () => {
    const expected: Record<number, string> = {
      0: '을', // 영
      1: '을', // 일
      2: '를', // 이
      3: '을', // 삼
      4: '를', // 사
      5: '를', // 오
      6: '을', // 육
      7: '을', // 칠
      8: '을', // 팔
      9: '를', // 구
    };
    for (const [digit, form] of Object.entries(expected)) {
      expect(particle(`#${digit}`, '을/를'), digit).toBe(form);
    }
    expect(particle(1, '으로/로')).toBe('로'); // 일: ㄹ
    expect(particle(3, '으로/로')).toBe('으로'); // 삼
    expect(particle(7, '으로/로')).toBe('로'); // 칠
    expect(particle(8, '으로/로')).toBe('로'); // 팔
    expect(particle(6, '으로/로')).toBe('으로'); // 육
    expect(particle(9, '으로/로')).toBe('로'); // 구
  });

  it('reads a number by its last non-zero place: 십 백 천, then 만 억 조', () => {
    expect(withParticle('주문 #21', '을/를')).toBe('주문 #21을'); // 이십일
    expect(withParticle('주문 #22', '을/를')).toBe('주문 #22를'); // 이십이
    expect(withParticle('주문 #9', '을/를')).toBe('주문 #9를'); // 구
    expect(particle(10, '이/가')).toBe('이'); // 십
    expect(particle(20, '으로/로')).toBe('으로'); // 이십
    expect(particle(100, '이/가')).toBe('이'); // 백
    expect(particle(1000, '이/가')).toBe('이'); // 천
    expect(particle(1500, '이/가')).toBe('이'); // 천오백
    expect(particle(1502, '이/가')).toBe('가'); // 천오백이
    expect(particle(10_000, '이/가')).toBe('이'); // 만
    expect(particle(200_000, '이/가')).toBe('이'); // 이십만, not 십
    expect(particle(3_000_000, '이/가')).toBe('이'); // 삼백만
    expect(particle(100_000_000, '이/가')).toBe('이'); // 억
    expect(particle(1_000_000_000_000, '이/가')).toBe('가'); // 조
    expect(particle(10_010, '이/가')).toBe('이'); // 만십
    expect(particle('12,345', '을/를')).toBe('를'); // 만이천삼백사십오
    expect(particle('1,000', '을/를')).toBe('을'); // 천
    expect(particle('007', '을/를')).toBe('을'); // 칠
  });

  it('reads decimals digit by digit after 점, and % as 퍼센트', () => {
    expect(particle('1.5', '이/가')).toBe('가'); // 일 점 오
    expect(particle('2.0', '이/가')).toBe('이'); // 이 점 영
    expect(particle('10%', '이/가')).toBe('가');
  });

  it('reads a formatted won amount as "… 원": 을 이 은 으로 과', () => {
    for (const amount of [7_500, 5_000, 450, 2, 1_000, 0, -3_000]) {
      expect(allAfter(formatWon(amount)), formatWon(amount)).toEqual(['을', '이', '은', '으로', '과']);
    }
    expect(withParticle('₩7,500', '을/를')).toBe('₩7,500을');
    expect(withParticle(formatWon(2), '이/가')).toBe('₩2이'); // 이 원, not 이
    expect(withParticle('7,500원', '으로/로')).toBe('7,500원으로');
    expect(withParticle('잔액 ₩12,345', '이/가')).toBe('잔액 ₩12,345이');
  });

  it('reads an abbreviation by its letters and an English word as it is written in Hangul', () => {
    expect(particle('API', '을/를')).toBe('를'); // 에이피아이
    expect(particle('SMS', '을/를')).toBe('를'); // 에스엠에스
    expect(particle('URL', '을/를')).toBe('을'); // 유알엘
    expect(particle('URL', '으로/로')).toBe('로');
    expect(particle('CSV', '을/를')).toBe('를'); // 브이
    expect(particle('PDF', '으로/로')).toBe('로'); // 에프
    expect(particle('SSM', '이/가')).toBe('이'); // 엠
    expect(particle('X', '은/는')).toBe('는'); // 엑스
    expect(particle('Instagram', '을/를')).toBe('을');
    expect(particle('admin', '이/가')).toBe('이');
    expect(particle('ring', '이/가')).toBe('이');
    expect(particle('YouTube', '을/를')).toBe('를');
    expect(particle('Naver', '으로/로')).toBe('로');
    expect(particle('Facebook', '을/를')).toBe('을');
    expect(particle('TikTok', '과/와')).toBe('과');
    expect(particle('KakaoTalk', '으로/로')).toBe('으로');
    expect(particle('app', '을/를')).toBe('을');
    expect(particle('web', '을/를')).toBe('을');
    expect(particle('email', '으로/로')).toBe('로');
    expect(particle('Google', '으로/로')).toBe('로');
    expect(particle('Threads', '을/를')).toBe('를');
    expect(particle('test', '을/를')).toBe('를');
    expect(particle('Discord', '을/를')).toBe('를');
    expect(particle('kim_1', '이/가')).toBe('이'); // 일
    expect(particle('hong2', '이/가')).toBe('가'); // 이
  });

  it('reads through closing quotes, brackets and punctuation, and keeps them', () => {
    expect(withParticle("'인스타그램 팔로워'", '을/를')).toBe("'인스타그램 팔로워'를");
    expect(withParticle('“좋아요”', '이/가')).toBe('“좋아요”가');
    expect(withParticle('팔로워(한국인)', '을/를')).toBe('팔로워(한국인)을');
    expect(withParticle('공급사 A.', '은/는')).toBe('공급사 A.는');
    expect(withParticle('회원 ', '이/가')).toBe('회원 이');
  });

  it('reads a lone jamo by its sound', () => {
    expect(particle('ㄱ', '이/가')).toBe('이');
    expect(particle('ㄹ', '으로/로')).toBe('로');
    expect(particle('ㅏ', '이/가')).toBe('가');
  });

  it('keeps both forms when nothing can be read', () => {
    expect(allAfter('')).toEqual(['을(를)', '이(가)', '은(는)', '(으)로', '과(와)']);
    expect(particle('...', '을/를')).toBe('을(를)');
    expect(particle('漢', '이/가')).toBe('이(가)');
    expect(finalSound('🙂')).toBe('unknown');
  });
});

/** Texts that put a fixed particle after a word they only know at run time. */
describe('particles after run-time words in the site’s texts', () => {
  it('a guide step ending on 공유 takes 를, one ending on 버튼 takes 을', () => {
    expect(withParticle('오른쪽 위 ⋮ 버튼 → 공유', '을/를')).toBe('오른쪽 위 ⋮ 버튼 → 공유를');
    expect(withParticle('종이비행기(공유) 버튼', '을/를')).toBe('종이비행기(공유) 버튼을');
    expect(withParticle("'프로필 URL 복사'", '을/를')).toBe("'프로필 URL 복사'를");
  });

  it('a won amount takes 으로 and 이 (read "… 원")', () => {
    expect(withParticle('₩1,350', '으로/로')).toBe('₩1,350으로');
    expect(withParticle(formatWon(7_500), '이/가')).toBe('₩7,500이');
  });

  it('the cancel answer puts the refunded amount’s particle after it', () => {
    expect(ORDER_CANCEL_MESSAGES.CANCELLED(formatWon(1_200))).toBe(
      '주문을 취소했습니다. ₩1,200이 환불되었습니다.',
    );
  });
});
