import { afterEach, describe, expect, it } from 'vitest';
import { hideForToday, isPopupHidden, parsePopupDismissals, seoulDateKey } from './popup-dismissal';

// Seoul midnight of 2026-03-02 is 2026-03-01 15:00 UTC.
const BEFORE_MIDNIGHT = new Date('2026-03-01T14:59:59.999Z');
const AT_MIDNIGHT = new Date('2026-03-01T15:00:00.000Z');

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

// The rule must not depend on the machine's time zone: the same assertions run under several (Node reads
// process.env.TZ again when it changes).
describe.each(['Asia/Seoul', 'America/Los_Angeles', 'UTC', 'Pacific/Kiritimati'])(
  'popup dismissal in TZ=%s',
  (tz) => {
    const useTz = () => {
      process.env.TZ = tz;
    };

    it('seoulDateKey rolls over exactly at Seoul midnight (15:00 UTC)', () => {
      useTz();
      expect(seoulDateKey(BEFORE_MIDNIGHT)).toBe('20260301');
      expect(seoulDateKey(AT_MIDNIGHT)).toBe('20260302');
      expect(seoulDateKey(new Date('2026-12-31T15:00:00Z'))).toBe('20270101');
      expect(seoulDateKey(new Date('2028-02-28T15:30:00Z'))).toBe('20280229');
    });

    it('a popup hidden for today stays hidden until Seoul midnight and comes back the next day', () => {
      useTz();
      const morning = new Date('2026-03-01T00:30:00Z'); // 09:30 in Seoul
      const list = hideForToday([], 7, morning);
      expect(list).toEqual([{ popupId: 7, date: '20260301' }]);
      expect(isPopupHidden(list, 7, morning)).toBe(true);
      expect(isPopupHidden(list, 7, BEFORE_MIDNIGHT)).toBe(true);
      expect(isPopupHidden(list, 7, AT_MIDNIGHT)).toBe(false);
    });
  },
);

describe('isPopupHidden', () => {
  it('only hides the popup that was dismissed', () => {
    const list = [{ popupId: 1, date: '20260301' }];
    expect(isPopupHidden(list, 1, AT_MIDNIGHT)).toBe(false);
    expect(isPopupHidden(list, 1, BEFORE_MIDNIGHT)).toBe(true);
    expect(isPopupHidden(list, 2, BEFORE_MIDNIGHT)).toBe(false);
    expect(isPopupHidden([], 1, BEFORE_MIDNIGHT)).toBe(false);
  });
});

describe('hideForToday', () => {
  it('keeps other popups hidden today, drops stale entries and never duplicates', () => {
    const list = [
      { popupId: 1, date: '20260228' },
      { popupId: 2, date: '20260301' },
      { popupId: 3, date: '20260301' },
    ];
    expect(hideForToday(list, 3, BEFORE_MIDNIGHT)).toEqual([
      { popupId: 2, date: '20260301' },
      { popupId: 3, date: '20260301' },
    ]);
    expect(hideForToday(list, 1, AT_MIDNIGHT)).toEqual([{ popupId: 1, date: '20260302' }]);
  });

  it('does not change the list it was given', () => {
    const list = [{ popupId: 1, date: '20260228' }];
    hideForToday(list, 2, BEFORE_MIDNIGHT);
    expect(list).toEqual([{ popupId: 1, date: '20260228' }]);
  });
});

describe('parsePopupDismissals', () => {
  it('reads a stored list', () => {
    expect(parsePopupDismissals('[{"popupId":1,"date":"20260301"}]')).toEqual([
      { popupId: 1, date: '20260301' },
    ]);
  });

  it.each([null, undefined, '', 'not json', '{"popupId":1}', '42', 'null', '"20260301"'])(
    'treats a missing or broken value (%j) as an empty list',
    (stored) => {
      expect(parsePopupDismissals(stored)).toEqual([]);
    },
  );

  it('skips malformed entries and keeps the good ones', () => {
    const stored = JSON.stringify([
      null,
      'x',
      { popupId: '1', date: '20260301' },
      { popupId: 1.5, date: '20260301' },
      { popupId: 2, date: '2026-03-01' },
      { popupId: 3 },
      { popupId: 4, date: '20260301', extra: true },
    ]);
    expect(parsePopupDismissals(stored)).toEqual([{ popupId: 4, date: '20260301' }]);
  });
});
