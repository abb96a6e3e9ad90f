import { describe, expect, it } from 'vitest';
import { escapeLike, likeContaining, likeStartingWith } from './like-pattern';

describe('LIKE patterns from search text', () => {
  it('takes %, _ and the escape character literally, and nothing else', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(escapeLike('홍길동 a.b*c')).toBe('홍길동 a.b*c');
    expect(likeContaining('a%b')).toBe('%a\\%b%');
    expect(likeStartingWith('user_1')).toBe('user\\_1%');
  });
});
