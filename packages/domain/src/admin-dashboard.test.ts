import { afterEach, describe, expect, it } from 'vitest';
import {
  addSeoulDays,
  lastSeoulDays,
  parseSeoulDate,
  seoulDayStart,
  seoulIsoDate,
  seoulMonthStart,
  seoulNextMonthStart,
  shortChartDate,
} from './admin-dashboard';
import { auditActionLabel, auditTargetLabel } from './admin-audit';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

// Pure functions on Date: the same answers whatever the machine's zone (Node re-reads TZ when it changes).
describe.each(['Asia/Seoul', 'America/Los_Angeles', 'UTC', 'Pacific/Kiritimati'])(
  'Seoul calendar in TZ=%s',
  (tz) => {
    const useTz = () => {
      process.env.TZ = tz;
    };

    it('a Seoul day starts at 00:00 KST (15:00 UTC the day before)', () => {
      useTz();
      // 2026-11-24 00:00 KST = 2026-11-23 15:00 UTC.
      expect(seoulDayStart(new Date('2026-11-23T15:00:00Z')).toISOString()).toBe('2026-11-23T15:00:00.000Z');
      expect(seoulDayStart(new Date('2026-11-24T14:59:59.999Z')).toISOString()).toBe(
        '2026-11-23T15:00:00.000Z',
      );
      // 23:59:59 KST on the 23rd still belongs to the 23rd.
      expect(seoulDayStart(new Date('2026-11-23T14:59:59Z')).toISOString()).toBe('2026-11-22T15:00:00.000Z');
      expect(seoulIsoDate(new Date('2026-11-23T14:59:59Z'))).toBe('2026-11-23');
      expect(seoulIsoDate(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
    });

    it('months roll over at Seoul midnight, across years and leap days', () => {
      useTz();
      // 2026-12-01 00:30 KST is still 2026-11-30 in UTC and in Los Angeles.
      const earlyDecember = new Date('2026-11-30T15:30:00Z');
      expect(seoulMonthStart(earlyDecember).toISOString()).toBe('2026-11-30T15:00:00.000Z');
      expect(seoulNextMonthStart(earlyDecember).toISOString()).toBe('2026-12-31T15:00:00.000Z');
      // The last second of November in Seoul.
      expect(seoulMonthStart(new Date('2026-11-30T14:59:59Z')).toISOString()).toBe(
        '2026-10-31T15:00:00.000Z',
      );
      // New Year in Seoul.
      expect(seoulMonthStart(new Date('2026-12-31T15:00:00Z')).toISOString()).toBe(
        '2026-12-31T15:00:00.000Z',
      );
      expect(seoulIsoDate(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
      expect(seoulNextMonthStart(new Date('2028-02-10T00:00:00Z')).toISOString()).toBe(
        '2028-02-29T15:00:00.000Z',
      );
    });

    it('lastSeoulDays lists the last n days, oldest first, ending today, across a month end', () => {
      useTz();
      const now = new Date('2026-12-02T01:00:00Z'); // 2026-12-02 10:00 KST
      const days = lastSeoulDays(now, 30);
      expect(days).toHaveLength(30);
      expect(days[29]).toEqual({
        date: '2026-12-02',
        start: new Date('2026-12-01T15:00:00Z'),
        end: new Date('2026-12-02T15:00:00Z'),
      });
      expect(days[0]!.date).toBe('2026-11-03');
      expect(days.map((d) => d.date)).toContain('2026-11-30');
      expect(days.map((d) => d.date)).toContain('2026-12-01');
      for (let i = 1; i < days.length; i += 1) expect(days[i]!.start).toEqual(days[i - 1]!.end);
      expect(addSeoulDays(days[0]!.start, 29)).toEqual(days[29]!.start);
    });

    it('parseSeoulDate reads yyyy-MM-dd as 00:00 KST and refuses dates that do not exist', () => {
      useTz();
      expect(parseSeoulDate('2026-11-24')?.toISOString()).toBe('2026-11-23T15:00:00.000Z');
      expect(parseSeoulDate('2028-02-29')?.toISOString()).toBe('2028-02-28T15:00:00.000Z');
      expect(parseSeoulDate('2026-02-29')).toBeNull();
      expect(parseSeoulDate('2026-13-01')).toBeNull();
      expect(parseSeoulDate('2026-1-1')).toBeNull();
      expect(parseSeoulDate('')).toBeNull();
    });

    it('writes chart dates as 11/24', () => {
      useTz();
      expect(shortChartDate('2026-11-04')).toBe('11/4');
      expect(shortChartDate('2026-01-24')).toBe('1/24');
    });
  },
);

describe('audit labels', () => {
  it('names known actions in Korean and shows unknown ones as they are', () => {
    expect(auditActionLabel('charge.accept')).toBe('충전 수락');
    expect(auditActionLabel('point.adjust')).toBe('잔액 조정');
    expect(auditActionLabel('setting.update')).toBe('설정 변경');
    expect(auditActionLabel('order.cancel')).toBe('주문 취소');
    expect(auditActionLabel('robot.dance')).toBe('robot.dance');
    expect(auditActionLabel('toString')).toBe('toString');
    expect(auditTargetLabel('charge')).toBe('충전 신청');
    expect(auditTargetLabel('spaceship')).toBe('spaceship');
  });
});
