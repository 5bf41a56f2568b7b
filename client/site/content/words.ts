/** "a", "a and b", "a, b and c" (or "a, b or c"): the site's lists, without a serial comma. */
export function listOf(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** The sentence-initial form of a phrase. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
