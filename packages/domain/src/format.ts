const wonFormat = new Intl.NumberFormat('ko-KR', { style: 'currency', currency: 'KRW' });

/** Points are integer won; shown as ₩1,234. */
export function formatWon(amount: number): string {
  return wonFormat.format(amount);
}

const countFormat = new Intl.NumberFormat('ko-KR');

/** Quantities (followers, views, rows) with thousands separators: 12,345; an unknown one is '-'. */
export function formatCount(count: number | null): string {
  return count === null ? '-' : countFormat.format(count);
}

/** 1234567890 → 123-45-67890 (hyphenated, so a spreadsheet keeps it as text); anything else as it is. */
export function formatBusinessNumber(value: string): string {
  const d = value.replace(/\D/g, '');
  return d.length === 10 ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` : value;
}

/**
 * A Korean telephone number with hyphens (01012345678 → 010-1234-5678, 0212345678 → 02-1234-5678,
 * 15881234 → 1588-1234), so a spreadsheet keeps its leading 0; anything else as it is.
 */
export function formatPhoneNumber(value: string): string {
  const d = value.replace(/\D/g, '');
  if (/^1[5-9]\d{6}$/.test(d)) return `${d.slice(0, 4)}-${d.slice(4)}`;
  if (d.startsWith('02') && (d.length === 9 || d.length === 10)) {
    return `02-${d.slice(2, d.length - 4)}-${d.slice(-4)}`;
  }
  if (d.startsWith('0') && (d.length === 10 || d.length === 11)) {
    return `${d.slice(0, 3)}-${d.slice(3, d.length - 4)}-${d.slice(-4)}`;
  }
  return value;
}

/**
 * A won amount that arrives as decimal text (a provider's rate '36000.00', '9000.50'): ₩ with thousands
 * separators, its fraction kept without trailing zeros ('₩36,000', '₩9,000.5', '₩0.0035'), so no digit
 * the provider sent is lost. Text that is not a plain decimal shows as it is.
 */
export function formatWonText(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  const grouped = countFormat.format(BigInt(whole!));
  const kept = fraction.replace(/0+$/, '');
  return `${sign === '-' ? '-' : ''}₩${grouped}${kept ? `.${kept}` : ''}`;
}

/**
 * A provider's balance in its own currency: won as ₩1,000,000 (like every amount on the site), any
 * other currency as Korean readers see it ('US$1,000.00'), or '1,000.00 XYZ' when the code is not one
 * the browser knows. A balance that is not a number shows as the provider sent it.
 */
export function formatProviderBalance(balance: string, currency: string): string {
  const code = currency.trim().toUpperCase();
  const amount = Number(balance.trim());
  if (balance.trim() === '' || !Number.isFinite(amount)) return `${balance} ${currency}`.trim();
  if (code === 'KRW' || code === '') return formatWonText(balance);
  try {
    return new Intl.NumberFormat('ko-KR', { style: 'currency', currency: code }).format(amount);
  } catch {
    // Not an ISO 4217 code the browser knows: the number with separators, then the code as sent.
    const grouped = new Intl.NumberFormat('ko-KR', { minimumFractionDigits: 2, maximumFractionDigits: 8 });
    return `${grouped.format(amount)} ${currency.trim()}`;
  }
}
