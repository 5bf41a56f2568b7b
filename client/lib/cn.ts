import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/** SPEC §9: the class-merge cache keeps up to 500 results. */
export const CLASS_MERGE_CACHE_SIZE = 500;

const twMerge = extendTailwindMerge({ cacheSize: CLASS_MERGE_CACHE_SIZE });

/** Joins class names (clsx) and lets later Tailwind classes win over earlier ones (tailwind-merge). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
