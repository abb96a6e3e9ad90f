/** The FAQ (docs/product.md#guide-faq-and-terms): a single open index or none. */
export type OpenFaqIndex = number | null;

/** Clicking an item opens it (closing any other); clicking the open one closes it. */
export function toggleFaqItem(open: OpenFaqIndex, clicked: number): OpenFaqIndex {
  return open === clicked ? null : clicked;
}

export interface FaqEntry {
  title: string;
  answer: string;
}

/**
 * The items whose question or answer contains every word of the query (case-insensitive, spaces ignored
 * between words), each with its index in the full list so the open state survives filtering.
 */
export function searchFaq<T extends FaqEntry>(
  items: readonly T[],
  query: string,
): { item: T; index: number }[] {
  const words = query.toLocaleLowerCase('ko-KR').split(/\s+/).filter(Boolean);
  const all = items.map((item, index) => ({ item, index }));
  if (words.length === 0) return all;
  return all.filter(({ item }) => {
    const text = `${item.title}\n${item.answer}`.toLocaleLowerCase('ko-KR');
    return words.every((word) => text.includes(word));
  });
}
