/**
 * Search text inside a LIKE / ILIKE pattern, taken literally: `%`, `_` and the escape character itself
 * are escaped with PostgreSQL's default LIKE escape `\`, so a member's "50%_off" finds that text and not
 * everything. The one copy every repository's search uses.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern matching `text` literally anywhere. */
export function likeContaining(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A pattern matching values that start with `text`, literally. */
export function likeStartingWith(text: string): string {
  return `${escapeLike(text)}%`;
}
