/** A country flag: two regional-indicator letters. */
const FLAG = /\p{Regional_Indicator}{2}/gu;
const COUPLE = '💑';

/**
 * On wide screens emoji flags in service names are shown as couple emojis (docs/product.md#order-page;
 * desktop systems such as Windows draw flags as two bare letters). Display only: the service itself is
 * unchanged.
 */
export function displayServiceText(text: string, wide: boolean): string {
  return wide ? text.replace(FLAG, COUPLE) : text;
}
