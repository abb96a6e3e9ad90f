/** '1,000,000' or '1000000' → 1000000; anything else NaN (the domain rule then says what is wrong). */
export function parseWon(text: string): number {
  const plain = text.replace(/[,\s]/g, '');
  return /^\d{1,13}$/.test(plain) ? Number(plain) : Number.NaN;
}
