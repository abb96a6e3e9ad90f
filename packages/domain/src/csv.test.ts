import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvFileName, toCsv } from './csv';

describe('toCsv', () => {
  it('starts with a BOM, ends lines with CRLF and keeps Hangul as it is', () => {
    const csv = toCsv(
      [
        { header: '아이디', value: (row: { id: string; won: number }) => row.id },
        { header: '금액', value: (row) => row.won },
      ],
      [
        { id: '홍길동', won: 11000 },
        { id: 'kim', won: -500 },
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('아이디,금액\r\n홍길동,11000\r\nkim,-500\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
  });

  it('defuses text that Excel would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe('-1');
  });

  it('defuses formula signs behind fullwidth forms, blanks and invisible characters', () => {
    // Fullwidth ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20) and the small forms ﹦ ﹢ ﹣ ﹫.
    for (const sign of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B']) {
      expect(csvCell(`${sign}SUM(A1)`)).toBe(`'${sign}SUM(A1)`);
    }
    // Zero-width space, BOM, word joiner, left-to-right mark, soft hyphen (format characters).
    for (const invisible of ['\u200B', '\uFEFF', '\u2060', '\u200E', '\u00AD']) {
      expect(csvCell(`${invisible}=1+1`)).toBe(`'${invisible}=1+1`);
    }
    // Spaces (plain, no-break, ideographic) and a line feed before a sign; mixed runs too.
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('\u00A0+1')).toBe("'\u00A0+1");
    expect(csvCell('\u3000@A1')).toBe("'\u3000@A1");
    expect(csvCell('\n-1')).toBe(`"'\n-1"`);
    expect(csvCell(' \u200B \uFF1Dcmd')).toBe("' \u200B \uFF1Dcmd");
  });

  it('leaves ordinary text alone, blanks and invisible characters included', () => {
    for (const text of ['홍길동', ' 홍길동', '\u200B홍길동', 'a=b', 'https://x.kr/?a=-1', '１２３', '']) {
      expect(csvCell(text)).toBe(text);
    }
  });

  it('writes empty cells for null and undefined, Y/N for flags', () => {
    expect([csvCell(null), csvCell(undefined), csvCell(true), csvCell(false)]).toEqual(['', '', 'Y', 'N']);
  });
});

describe('csvFileName', () => {
  it('stamps the Seoul date and time whatever the machine zone', () => {
    expect(csvFileName('충전내역', new Date('2026-11-23T15:30:00Z'))).toBe('충전내역_20261124-0030.csv');
  });
});
