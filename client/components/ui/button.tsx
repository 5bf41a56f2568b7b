import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { buttonVariants, type ButtonStyleOptions } from './button-variants.ts';
import { Spinner } from './spinner.tsx';

/** Button classes with `className` merged over the variant's (later classes win). */
export function buttonClasses({ variant, size, className }: ButtonStyleOptions = {}): string {
  return cn(buttonVariants({ variant, size }), className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** Shows a small spinner and disables the button while an action runs. */
  loading?: boolean;
}

export function Button({ variant, size, className, loading = false, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="small" tone="current" label="Working" /> : null}
      {children}
    </button>
  );
}
