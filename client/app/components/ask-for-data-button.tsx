import { useNavigate } from 'react-router-dom';
import { formFromTemplate, type FormTemplateName } from '#shared/form-templates.ts';
import { formActions } from '#shared/schemas/form.ts';
import { Button } from '../../components/ui/button.tsx';
import { formEditPath } from '../../lib/paths.ts';
import { useChildContext } from '../child-context.tsx';
import { useCreateForm } from '../features/forms/use-forms.ts';
import { RoleGate } from './child-role.tsx';

export interface AskForDataButtonProps {
  template: FormTemplateName;
  /** The goal a 'goal' form asks about: its questions are tied to it (its title is not sent to anyone). */
  goal?: { id: number; title: string; unit: string | null };
  label?: string;
  variant?: 'primary' | 'secondary';
}

const DEFAULT_LABELS: Record<FormTemplateName, string> = {
  'teacher-weekly': 'Ask a teacher',
  'therapist-update': 'Ask a therapist',
  'before-iep': 'Ask for input before the IEP meeting',
  goal: 'Ask for data on this goal',
};

function AskButton({ template, goal, label, variant = 'secondary' }: AskForDataButtonProps) {
  const navigate = useNavigate();
  const { selectedChild } = useChildContext();
  const create = useCreateForm();
  const text = label ?? DEFAULT_LABELS[template];
  return (
    <Button
      variant={variant === 'primary' ? 'primary' : 'outline'}
      loading={create.isPending}
      disabled={!selectedChild}
      // A goal's form is named after the goal for whoever uses a screen reader here; the form itself never shows it.
      aria-label={goal && label === undefined ? `${text}: ${goal.title}` : undefined}
      onClick={() => {
        if (!selectedChild || create.isPending) return;
        const data = formFromTemplate(template, {
          firstName: selectedChild.firstName,
          ...(goal ? { goal: { id: goal.id, unit: goal.unit } } : {}),
        });
        create.mutate({ data }, { onSuccess: (form) => void navigate(formEditPath(form.id)) });
      }}
    >
      {text}
    </Button>
  );
}

/**
 * Makes a smart form from a template (issue 28) and opens it in the editor: "Ask a teacher" on
 * Snapshots, "Ask for data on this goal" on a goal and in the meeting pack. Not there for a viewer.
 */
export function AskForDataButton(props: AskForDataButtonProps) {
  return (
    <RoleGate action={formActions.create}>
      <AskButton {...props} />
    </RoleGate>
  );
}
