import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button.tsx';

export interface ConfirmDeleteProps {
  /** The button's text, e.g. "Delete". */
  label: string;
  /**
   * The button's accessible name when its text alone does not say what goes, e.g. "Delete goal:
   * Reading fluency" (a list of cards otherwise reads as many identical "Delete" buttons).
   */
  accessibleName?: string;
  /** The question asked before deleting, e.g. 'Delete "Reading fluency" and its progress?'. */
  question: string;
  pending?: boolean;
  onConfirm: () => Promise<unknown> | void;
  /** The confirming button's text ("Delete" unless said: "Remove", "Leave"). */
  confirmLabel?: string;
}

/**
 * A delete button that asks first, in place: the question with "Delete" and "Keep it". Focus moves
 * to "Keep it" when asked and back to the button when the parent keeps the item. When `onConfirm`
 * fails (its promise rejects), the question stays with a line saying so, after the toast has gone.
 */
export function ConfirmDelete({
  label,
  accessibleName,
  question,
  pending = false,
  onConfirm,
  confirmLabel = 'Delete',
}: ConfirmDeleteProps) {
  const questionId = useId();
  const errorId = useId();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) keepRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      triggerRef.current?.focus();
    }
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={triggerRef}
        type="button"
        aria-label={accessibleName}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'text-red-800 hover:bg-red-50' })}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-red-700/40 bg-red-50 px-3 py-2">
      <p id={questionId} className="text-sm font-medium text-red-900">
        {question}
      </p>
      <Button
        variant="destructive"
        size="sm"
        aria-describedby={failed ? `${questionId} ${errorId}` : questionId}
        loading={pending}
        onClick={() => {
          setFailed(false);
          Promise.resolve(onConfirm()).catch(() => setFailed(true));
        }}
      >
        {confirmLabel}
      </Button>
      <button
        ref={keepRef}
        type="button"
        aria-describedby={questionId}
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
        onClick={() => {
          returnFocus.current = true;
          setAsking(false);
          setFailed(false);
        }}
      >
        Keep it
      </button>
      {failed ? (
        <p id={errorId} className="basis-full text-sm font-medium text-red-900">
          That did not go through. Please try again.
        </p>
      ) : null}
    </div>
  );
}
