// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Milestone } from '#shared/schemas/milestone.ts';
import { MilestoneItem } from '../../../client/app/features/roadmap/milestone-item.tsx';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';

/** The roadmap's own milestones for a review on 2027-03-01, as roadmap-rules.ts makes them. */
const prep: Milestone = {
  id: 7,
  childId: 1,
  title: "Prepare for Sam's IEP review",
  whyItMatters: 'Parents are equal members of the team.',
  whatToDo: 'Gather recent observations and progress.',
  category: 'plan-review',
  dueDate: '2027-01-30',
  status: 'upcoming',
  source: 'generated',
  ruleKey: 'plan-review-prep:2027-03-01',
  editedByParent: false,
  addedBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const review: Milestone = { ...prep, id: 8, title: 'Annual IEP review', dueDate: '2027-03-01', ruleKey: 'plan-review:2027-03-01' };

function renderItem(milestone: Milestone, variant: 'card' | 'row' = 'card', role: 'owner' | 'viewer' = 'owner') {
  const api = fakeTrpc(() => [], { role });
  render(<MilestoneItem milestone={milestone} today="2026-12-01" variant={variant} headingLevel={3} />, { wrapper: api.wrapper });
}

const packLink = () => screen.queryByRole('link', { name: 'Prepare the meeting pack' });

afterEach(() => cleanup());

describe('the roadmap leads to the meeting pack', () => {
  it('from "Prepare for the review", as a card and as a timeline row, for a viewer too', () => {
    renderItem(prep);
    expect(packLink()?.getAttribute('href')).toBe('/snapshots/meeting-pack');
    cleanup();
    renderItem(prep, 'row', 'viewer');
    expect(packLink()?.getAttribute('href')).toBe('/snapshots/meeting-pack');
  });

  it('not from the review itself, another kind of milestone, or a preparation already done', () => {
    renderItem(review);
    expect(screen.getByRole('heading', { name: 'Annual IEP review' })).toBeTruthy();
    expect(packLink()).toBeNull();
    cleanup();
    renderItem({ ...prep, category: 'evaluation', ruleKey: 'reevaluation:2027-03-01' });
    expect(packLink()).toBeNull();
    cleanup();
    renderItem({ ...prep, status: 'done' });
    expect(packLink()).toBeNull();
  });
});
