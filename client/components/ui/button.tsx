import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { buttonVariants, type ButtonStyleOptions } from './button-variants.ts';
import { Spinner } from './spinner.tsx';

/** Button classes with `className` merged over the variant's (later classes win). */
export function buttonClasses({ variant, size, className }: ButtonStyleOptions = {}): string {
  return cn(buttonVariants({ variant, size }), className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /**
   * Shows a small spinner and ignores presses while an action runs. The button stays focusable
   * (aria-disabled, not disabled): a focused button that is disabled drops focus to the page.
   */
  loading?: boolean;
}

export function Button({ variant, size, className, loading = false, disabled, type = 'button', onClick, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        // A submit button too: no second submission while the first is under way.
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {loading ? <Spinner size="small" tone="current" label="Working" /> : null}
      {children}
    </button>
  );
}
