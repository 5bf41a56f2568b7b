// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChildRole } from '#shared/schemas/roles.ts';
import SnapshotsPage from '../../../client/app/pages/snapshots-page.tsx';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';
import { renderWithFlags, useFakeServerFlags } from './server-flags.tsx';

useFakeServerFlags();

const FORM = {
  id: 3,
  childId: 1,
  title: 'Weekly check-in',
  intro: null,
  template: 'teacher-weekly',
  questions: [
    { id: 'q1', kind: 'text', prompt: 'Anything else?', goalId: null, required: false, unit: null, scaleLow: null, scaleHigh: null },
  ],
  activeLinks: 1,
  pendingResponses: 1,
  addedBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const RESPONSE = {
  id: 7,
  formId: 3,
  formTitle: 'Weekly check-in',
  status: 'pending',
  recipientName: 'Ms Lee',
  recipientRole: 'teacher',
  answeredAt: '2026-11-03T15:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  answers: [
    {
      questionId: 'q1',
      kind: 'text',
      prompt: 'Anything else?',
      unit: null,
      goalId: null,
      value: 'A good week.',
      becomes: 'observation',
      goal: null,
    },
  ],
};

function renderPage(role: ChildRole) {
  const api = fakeTrpc(
    (op) => {
      if (op.path === 'forms.list') return [FORM];
      if (op.path === 'formResponses.list')
        return (op.input as { filter: { status: string } }).filter.status === 'pending' ? [RESPONSE] : [];
      if (op.path === 'forms.create') return { ...FORM, id: 9 };
      return [];
    },
    { role },
  );
  renderWithFlags(<SnapshotsPage />, api);
  return api;
}

describe('Smart forms on /snapshots', { timeout: 20_000 }, () => {
  it('offers "Ask a teacher", lists the child’s forms and the answers waiting with Approve and Leave out', async () => {
    const api = renderPage('owner');
    const section = await screen.findByRole('region', { name: 'Smart forms' });
    expect(await within(section).findByRole('article', { name: 'Weekly check-in' })).toBeTruthy();
    expect(within(section).getByText('1 question · 1 open link · 1 answer waiting')).toBeTruthy();
    const card = await within(section).findByRole('article', { name: 'Ms Lee (teacher), answered Nov 3' });
    expect(within(card).getByRole('button', { name: /^Approve the answers/ })).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Ask a teacher' }));
    await waitFor(() => expect(api.calls('forms.create')).toHaveLength(1));
    expect(api.calls('forms.create')[0]?.input).toMatchObject({ data: { template: 'teacher-weekly' } });
  });

  it('a viewer reads the forms and the answers, with nothing to ask, edit or decide', async () => {
    renderPage('viewer');
    const section = await screen.findByRole('region', { name: 'Smart forms' });
    expect(await within(section).findByRole('article', { name: 'Ms Lee (teacher), answered Nov 3' })).toBeTruthy();
    // The form itself has loaded too, so a missing Edit on it is a real absence.
    expect(await within(section).findByRole('article', { name: 'Weekly check-in' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Ask a teacher' })).toBeNull();
    expect(within(section).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(within(section).queryByRole('button', { name: /^Approve the answers/ })).toBeNull();
  });
});
