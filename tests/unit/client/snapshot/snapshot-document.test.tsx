// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSections, type MeetingPack } from '#shared/schemas/snapshot.ts';
import { MeetingPackDocument } from '../../../../client/components/snapshot/meeting-pack-document.tsx';
import { SnapshotDocument, viewWithChoices } from '../../../../client/components/snapshot/snapshot-document.tsx';
import { FULL_CONTENT, GOAL, section, snapshotView } from './snapshot-fixtures.ts';

afterEach(cleanup);

const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('SnapshotDocument', () => {
  it('profile: the photo and title on top, the three person-centred sections as boxes, then the rest in order', () => {
    const { container } = render(<SnapshotDocument view={snapshotView()} photoUrl="blob:photo" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Maya for her teacher' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Maya' }).getAttribute('src')).toBe('blob:photo');
    expect(sectionHeadings()).toEqual([
      'About me',
      'What people like and admire about me',
      'How best to support me',
      'What is hard, and what to do then',
      'Goals and progress',
      'Support plan',
      'Medications',
      'People to call',
      'Recent observations',
    ]);
    const boxes = container.querySelectorAll('section.rounded-xl');
    expect([...boxes].map((box) => box.getAttribute('data-section'))).toEqual(['about', 'strengths', 'what-helps']);
    // The record's facts, by section.
    expect(screen.getByText('Visual timer')).toBeTruthy();
    expect(screen.getByText('(Tool · Home and school · Rated 4 of 5)')).toBeTruthy();
    // The record's values in words, never as stored: role, setting, goal area.
    expect(screen.getByText('(Parent)')).toBeTruthy();
    expect(screen.getByText(/, Home, mood 4 of 5/)).toBeTruthy();
    expect(screen.getByText('Reading')).toBeTruthy();
    expect(screen.getByText('Melatonin')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+1 555 0100' }).getAttribute('href')).toBe('tel:+15550100');
    expect(screen.getByText(/IEP/)).toBeTruthy();
  });

  it('inside a page with its own h1: the title is an h2, the sections h3 and what they hold h4', () => {
    render(<SnapshotDocument view={snapshotView()} headingLevel={2} />);
    expect(screen.queryAllByRole('heading', { level: 1 })).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Maya for her teacher']);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(9);
    expect(screen.getByRole('heading', { level: 4, name: 'What is important to me' })).toBeTruthy();
  });

  it('list: one column of headed sections in the given order, no photo even when one is given', () => {
    const sections = [FULL_CONTENT[6], FULL_CONTENT[0], FULL_CONTENT[1]].map((content) => section(content!));
    const { container } = render(<SnapshotDocument view={snapshotView({ layout: 'list', sections })} photoUrl="blob:photo" />);
    expect(sectionHeadings()).toEqual(['Medications', 'About me', 'What people like and admire about me']);
    expect(screen.queryByRole('img', { name: 'Maya' })).toBeNull();
    expect(container.querySelectorAll('section.rounded-xl')).toHaveLength(0);
  });

  it('a hidden section and what it says are absent; the parent’s wording replaces the record’s', () => {
    const preview = snapshotView();
    const choices = defaultSections('teacher').map((choice) =>
      choice.key === 'strengths' ? { ...choice, text: 'Funny.\n\nAsks great questions\nabout animals.' } : choice,
    );
    render(<SnapshotDocument view={viewWithChoices(preview, choices)} />);
    // Teacher's defaults hide medications and recent observations.
    expect(sectionHeadings()).not.toContain('Medications');
    expect(screen.queryByText('Melatonin')).toBeNull();
    expect(screen.queryByText('Calm after school')).toBeNull();
    // The override shows as paragraphs, line breaks kept; the record's strengths are not shown.
    expect(screen.getByText('Funny.')).toBeTruthy();
    expect(screen.getByText(/Asks great questions\s+about animals\./).className).toContain('whitespace-pre-wrap');
    expect(screen.queryByText('Kind to younger children')).toBeNull();
  });

  it('a goal has a chart that says in words what it shows', () => {
    render(<SnapshotDocument view={snapshotView()} />);
    const chart = screen.getByRole('img', { name: /^Read 60 words per minute:/ });
    const label = chart.getAttribute('aria-label') ?? '';
    expect(label).toContain('3 progress entries');
    expect(label).toContain('from 32 words per minute to 44 words per minute');
    expect(label).toContain('baseline 30 words per minute');
    expect(label).toContain('target 60 words per minute');
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    expect(chart.querySelectorAll('line[stroke-dasharray]')).toHaveLength(2);
  });

  it('carries the print stylesheet’s class only when the view says so', () => {
    const { container, rerender } = render(<SnapshotDocument view={snapshotView({ printStyles: false })} />);
    expect(container.querySelector('.print-document')).toBeNull();
    rerender(<SnapshotDocument view={snapshotView({ printStyles: true })} />);
    expect(container.querySelector('article.print-document')).toBeTruthy();
  });
});

const { latestValue: _value, latestOn: _on, ...packGoal } = GOAL;
const PACK: MeetingPack = {
  firstName: 'Maya',
  from: '2026-03-10',
  to: '2026-11-27',
  plan: 'iep',
  goals: [
    {
      ...packGoal,
      points: [{ on: '2026-09-01', value: 32 }],
      observations: [{ occurredAt: '2026-09-02T10:00:00.000Z', what: 'Read to the dog' }],
      answers: [],
      strategies: [{ title: 'Paired reading', active: true, effectiveness: 5 }],
    },
  ],
  documents: [{ id: 3, title: 'Evaluation report', category: 'evaluation', addedOn: '2026-04-01' }],
  questions: [{ kind: 'no-progress', text: 'Why has reading not moved since September?', goalId: 1 }],
};

describe('MeetingPackDocument', () => {
  it('shows each goal with its chart, observations and rated strategies, the documents and the questions', () => {
    render(<MeetingPackDocument pack={PACK} />);
    expect(screen.getByRole('heading', { level: 1, name: 'IEP meeting pack for Maya' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Goals and progress',
      'Documents added',
      'Questions to bring',
    ]);
    const goal = screen.getByRole('region', { name: 'Read 60 words per minute' });
    expect(within(goal).getByRole('img').getAttribute('aria-label')).toContain('1 progress entry, 32 words per minute');
    expect(within(goal).getByText('Read to the dog')).toBeTruthy();
    expect(within(goal).getByText('Paired reading: Rated 5 of 5')).toBeTruthy();
    expect(within(goal).getByText('Reading')).toBeTruthy();
    expect(screen.getByText(/^Evaluation report \(Evaluation\), added/)).toBeTruthy();
    expect(screen.getByText('Why has reading not moved since September?')).toBeTruthy();
  });

  it('inside a page with its own h1: the title is an h2, its parts h3 and each goal h4', () => {
    render(<MeetingPackDocument pack={{ ...PACK, documents: [] }} headingLevel={2} />);
    expect(screen.queryAllByRole('heading', { level: 1 })).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: 'IEP meeting pack for Maya' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 4, name: 'Read 60 words per minute' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 5 })).toHaveLength(2);
  });
});
