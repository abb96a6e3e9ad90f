import { describe, expect, it } from 'vitest';
import { isOrderLink } from '@smm/domain';
import { GENERAL_GUIDE, PLATFORM_GUIDES } from './link-guides';

const ALL_GUIDES = [...PLATFORM_GUIDES, GENERAL_GUIDE];

describe('link guide examples match what the order form accepts (isOrderLink)', () => {
  for (const guide of ALL_GUIDES) {
    describe(guide.id, () => {
      it('every "valid" example passes the form', () => {
        const valid = guide.examples.filter((e) => e.verdict === 'valid');
        expect(valid.length).toBeGreaterThan(0);
        for (const example of valid) expect(isOrderLink(example.link), example.link).toBe(true);
      });

      it('every "invalid" example is refused by the form', () => {
        const invalid = guide.examples.filter((e) => e.verdict === 'invalid');
        expect(invalid.length).toBeGreaterThan(0);
        for (const example of invalid) expect(isOrderLink(example.link), example.link).toBe(false);
      });

      it('every "wrong-kind" example passes the form but names the kind of link the service needs', () => {
        for (const example of guide.examples.filter((e) => e.verdict === 'wrong-kind')) {
          expect(isOrderLink(example.link), example.link).toBe(true);
          expect(guide.kinds.map((k) => k.name)).toContain(example.needs);
        }
      });

      it('only wrong-kind examples carry `needs`', () => {
        for (const example of guide.examples) {
          expect(example.needs !== undefined, example.link).toBe(example.verdict === 'wrong-kind');
        }
      });

      it("each kind's sample address passes the form and contains the part it marks", () => {
        for (const kind of guide.kinds) {
          expect(isOrderLink(kind.sample.url), kind.sample.url).toBe(true);
          expect(kind.sample.url).toContain(kind.sample.mark);
        }
      });

      it('each phone picture picks an entry of its own menu and taps a button it shows', () => {
        for (const { phone } of guide.kinds) {
          expect(phone.sheet).toContain(phone.pick);
          if (!phone.tapInTopBar) expect(phone.actions).toContain(phone.tap);
        }
      });
    });
  }

  it('covers the link kinds the issue asks for', () => {
    const kinds = Object.fromEntries(PLATFORM_GUIDES.map((g) => [g.id, g.kinds.map((k) => k.id)]));
    expect(kinds).toEqual({
      instagram: ['profile', 'post', 'reel'],
      youtube: ['video', 'shorts', 'channel'],
      tiktok: ['profile', 'video'],
      facebook: ['page', 'post'],
      naver: ['blog', 'post'],
    });
  });
});
