import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { FORM_ERROR } from './form-errors.ts';

export interface FormFrameProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: () => unknown;
  errors: Record<string, string>;
  /** The submit button's text. */
  submit: string;
  pending: boolean;
  /** What the offline notice keeps, after "Your": "expense", "payment". */
  what: string;
  onCancel: () => void;
  /** A small form inside a card (a claim, a move, a payment): framed, its buttons closer. */
  inCard?: boolean;
  /** A full form's spacing. */
  className?: string;
  children: ReactNode;
}

/** What every reimbursements form has: the alert about the whole form, then its fields, then submit, Cancel and the offline notice. */
export function FormFrame({
  label,
  onSubmit,
  errors,
  submit,
  pending,
  what,
  onCancel,
  inCard = false,
  className = 'grid gap-4',
  children,
}: FormFrameProps) {
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      className={inCard ? 'grid gap-3 rounded-lg border border-brand-700 p-3' : className}
    >
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      {children}
      <div className={inCard ? 'flex flex-wrap gap-2' : 'flex flex-wrap items-center gap-3'}>
        <SubmitButton pending={pending}>{submit}</SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <OfflineNotice pending={pending} what={what} />
      </div>
    </form>
  );
}
