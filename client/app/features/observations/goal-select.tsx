import { Link } from 'react-router-dom';
import { PATHS } from '../../../lib/paths.ts';
import { SelectField } from '../../components/form-field.tsx';
import { useObservationGoalOptions } from './use-log-observation.ts';

export interface GoalSelectProps {
  id: string;
  value: number | null;
  error: string | undefined;
  onChange: (goalId: number | null) => void;
}

/** Links a note to one of the child's goals, as evidence of progress. */
export function GoalSelect({ id, value, error, onChange }: GoalSelectProps) {
  const goals = useObservationGoalOptions();
  const list = goals.data ?? [];
  const hint = goals.isPending
    ? 'Loading your goals...'
    : goals.isError
      ? 'We could not load the goals just now.'
      : list.length === 0
        ? 'No goals yet. Add one in the progress planner to link notes to it.'
        : 'Link this note to a goal as evidence of progress.';
  return (
    <div className="grid gap-1.5">
      <SelectField
        id={id}
        label="Linked goal"
        optional
        hint={hint}
        error={error}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">No goal</option>
        {list.map((goal) => (
          <option key={goal.id} value={goal.id}>
            {goal.title}
          </option>
        ))}
      </SelectField>
      {!goals.isPending && !goals.isError && list.length === 0 ? (
        <Link to={PATHS.progressPlanner} className="text-sm font-medium text-brand-800 underline underline-offset-4">
          Go to the progress planner
        </Link>
      ) : null}
    </div>
  );
}
