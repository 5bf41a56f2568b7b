import { clsx } from 'clsx';

/*
 * The button's look, without tailwind-merge, so a page that only needs the classes (a link styled
 * as a button on the public site) does not download the merger. Variants and sizes never set the
 * same property twice; extra classes are appended as they are, so pass only classes that add
 * something (margins, width, responsive display). To override a variant's colours or padding,
 * use `buttonClasses` from button.tsx, which merges.
 */

export const BUTTON_VARIANTS = ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export const BUTTON_SIZES = ['sm', 'md', 'lg', 'icon'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

// Labels wrap (a long file name on a 320 px screen, WCAG 1.4.10), so heights are minimums.
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800 ' +
  'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-800 text-white hover:bg-brand-900',
  secondary: 'bg-brand text-ink hover:bg-brand-200',
  outline: 'border border-brand-800 bg-white text-brand-800 hover:bg-brand-50',
  ghost: 'text-ink hover:bg-brand-50',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-brand-800 underline underline-offset-4 hover:text-brand-900',
};

// On a phone every button is at least 44 px tall, a finger's width; a small one is 36 px from 640 px up.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 py-1 text-sm sm:min-h-9',
  md: 'min-h-11 px-5 py-2 text-base',
  lg: 'min-h-13 px-7 py-2 text-lg',
  icon: 'size-11 p-0',
};

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Classes for a button (or a link that looks like one). `className` is appended, not merged. */
export function buttonVariants({ variant = 'primary', size = 'md', className }: ButtonStyleOptions = {}): string {
  return clsx(base, variants[variant], variant === 'link' ? 'h-auto px-0 text-base' : sizes[size], className);
}
