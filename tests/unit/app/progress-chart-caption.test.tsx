// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { Goal, ProgressEntry } from '#shared/schemas/goal.ts';
import { ProgressChart } from '../../../client/app/features/progress-planner/progress-chart.tsx';

afterEach(() => cleanup());

const goal = {
  id: 3,
  title: 'Read aloud fluently',
  baseline: 60,
  target: 90,
  unit: 'words per minute',
} as Goal;

const entries = [
  { id: 1, goalId: 3, recordedOn: '2026-10-01', value: 62, note: null },
  { id: 2, goalId: 3, recordedOn: '2026-10-15', value: 70, note: null },
] as ProgressEntry[];

/** A dash pattern reads as dotted when its dashes are no longer than its gaps. */
function looks(dashArray: string | null): 'dotted' | 'dashed' {
  const [dash = 0, gap = 0] = (dashArray ?? '').split(/[\s,]+/).map(Number);
  return dash <= gap ? 'dotted' : 'dashed';
}

// Issue 24: the caption said "Dashed lines" while the baseline is drawn dotted.
it("the chart's caption names each reference line as it is drawn", () => {
  const { container } = render(<ProgressChart goal={goal} entries={entries} />);
  const lines = [...container.querySelectorAll('line[stroke-dasharray]')];
  expect(lines).toHaveLength(2);
  const caption = container.querySelector('figcaption')?.textContent ?? '';
  const [baseline, target] = lines.map((line) => looks(line.getAttribute('stroke-dasharray')));
  expect(caption).toContain(`${baseline === 'dotted' ? 'Dotted' : 'Dashed'} line: baseline`);
  expect(caption).toContain(`${target} line: target`);
});

it('a goal without a target mentions only the baseline line', () => {
  const { container } = render(<ProgressChart goal={{ ...goal, target: null }} entries={entries} />);
  const caption = container.querySelector('figcaption')?.textContent ?? '';
  expect(caption).toContain('Dotted line: baseline.');
  expect(caption).not.toContain('target');
});
