/** "1 observation", "12 observations". */
export function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'observation' : 'observations'}`;
}
