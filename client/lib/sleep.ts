/** Resolves after `ms` milliseconds (works with fake timers in tests). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}
