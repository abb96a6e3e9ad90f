import { describe, expect, it } from 'vitest';
import { orderLinkKey } from './order-link-key';

const same = (links: string[]) => {
  const keys = new Set(links.map(orderLinkKey));
  expect([...keys]).toHaveLength(1);
};
const different = (a: string, b: string) => expect(orderLinkKey(a)).not.toBe(orderLinkKey(b));

describe('orderLinkKey (docs/product.md#refill-and-cancellation: one link, however it is written)', () => {
  it('gives one Instagram post one key: scheme, www, host case, slash, tracking, reel/tv and username forms', () => {
    same([
      'https://www.instagram.com/p/AbC123/',
      'https://www.instagram.com/p/AbC123',
      'http://instagram.com/p/AbC123/?igshid=MzRlODBiNWFlZA==',
      'https://WWW.INSTAGRAM.COM/p/AbC123/?utm_source=ig_web_copy_link&igsh=abc',
      ' https://m.instagram.com/p/AbC123/#comments ',
      'https://www.instagram.com/reel/AbC123/',
      'https://www.instagram.com/reels/AbC123/',
      'https://www.instagram.com/tv/AbC123',
      'https://www.instagram.com/some.user/p/AbC123/',
    ]);
    expect(orderLinkKey('https://www.instagram.com/p/AbC123/')).toBe('instagram.com/p/AbC123');
  });

  it('never merges genuinely different posts: shortcodes are case-sensitive', () => {
    different('https://www.instagram.com/p/AbC123/', 'https://www.instagram.com/p/abc123/');
    different('https://www.instagram.com/p/AbC123/', 'https://www.instagram.com/p/AbC124/');
    different('https://www.instagram.com/reels/audio/123/', 'https://www.instagram.com/p/audio/');
    different('https://www.instagram.com/someuser/', 'https://www.instagram.com/otheruser/');
  });

  it('gives one YouTube video one key: watch, youtu.be, shorts, embed, share params', () => {
    same([
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&feature=share&t=42',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=Abcdef123',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ?feature=share',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ]);
    different('https://youtu.be/dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcq');
    different('https://www.youtube.com/@chan', 'https://www.youtube.com/@other');
  });

  it('gives one TikTok video one key whoever is named in the link', () => {
    same([
      'https://www.tiktok.com/@someone/video/7234567890123456789?is_from_webapp=1&sender_device=pc',
      'https://tiktok.com/@SomeOne/video/7234567890123456789/',
      'https://m.tiktok.com/v/7234567890123456789.html',
    ]);
    different(
      'https://www.tiktok.com/@someone/video/7234567890123456789',
      'https://www.tiktok.com/@someone/video/7234567890123456788',
    );
  });

  it('gives one Naver blog post and one Naver place one key each', () => {
    same([
      'https://blog.naver.com/myblog/223456789012',
      'https://m.blog.naver.com/myblog/223456789012',
      'https://blog.naver.com/PostView.naver?blogId=myblog&logNo=223456789012&redirect=Dlog',
      'https://m.blog.naver.com/PostView.nhn?blogId=MyBlog&logNo=223456789012',
    ]);
    different('https://blog.naver.com/myblog/223456789012', 'https://blog.naver.com/myblog/223456789013');
    same([
      'https://m.place.naver.com/restaurant/1234567/home',
      'https://pcmap.place.naver.com/restaurant/1234567/review/visitor',
      'https://map.naver.com/p/entry/place/1234567?c=15.00,0,0,0,dh',
    ]);
    different(
      'https://m.place.naver.com/restaurant/1234567/home',
      'https://m.place.naver.com/restaurant/1234568',
    );
  });

  it('elsewhere drops only the scheme, www, host case, trailing slash, fragment and tracking parameters', () => {
    same([
      'https://Example.com/Post/1/?utm_source=x&utm_medium=y&fbclid=z',
      'http://www.example.com/Post/1',
      'https://example.com/Post/1#top',
    ]);
    expect(orderLinkKey('https://example.com/Post/1/?a=1&utm_source=x&b=2')).toBe(
      'example.com/Post/1?a=1&b=2',
    );
    different('https://example.com/Post/1', 'https://example.com/post/1');
    different('https://example.com/post?id=1', 'https://example.com/post?id=2');
    different('https://example.com/post?si=1', 'https://example.com/post?si=2');
    different('https://m.example.com/post', 'https://example.com/post');
    different('https://example.com:8080/post', 'https://example.com/post');
  });

  it('keeps text that is not an http(s) link as its own key, trimmed', () => {
    expect(orderLinkKey('  not a link ')).toBe('not a link');
    expect(orderLinkKey('ftp://example.com/a')).toBe('ftp://example.com/a');
  });
});
