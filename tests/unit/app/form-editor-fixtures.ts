import type { Form, FormLink, FormQuestion } from '#shared/schemas/form.ts';
import type { Goal } from '#shared/schemas/goal.ts';

/** A question as the server reads it: a count, not required, untied. */
export function questionFixture(overrides: Partial<FormQuestion> = {}): FormQuestion {
  return {
    id: 'q1',
    kind: 'count',
    prompt: 'How many times this week did Sam start work without a prompt?',
    goalId: null,
    required: false,
    unit: null,
    scaleLow: null,
    scaleHigh: null,
    ...overrides,
  };
}

/** Sam's weekly check-in, made by the caller, with one question. */
export function formFixture(overrides: Partial<Form> = {}): Form {
  return {
    id: 5,
    childId: 1,
    title: 'Sam’s week at school',
    intro: 'Thank you for taking a minute for this.',
    template: 'teacher-weekly',
    questions: [questionFixture()],
    activeLinks: 0,
    pendingResponses: 0,
    addedBy: { name: 'Ana', isYou: true },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** "Read 80 words a minute": from 40 up to 80, in words per minute. */
export function goalFixture(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 3,
    childId: 1,
    area: 'reading',
    title: 'Read 80 words a minute in grade-level text',
    description: null,
    baseline: 40,
    target: 80,
    unit: 'words per minute',
    targetDate: null,
    status: 'in-progress',
    source: 'iep',
    latestProgress: null,
    isStale: false,
    addedBy: { name: 'Ana', isYou: true },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function formLinkFixture(overrides: Partial<FormLink> = {}): FormLink {
  return {
    id: 21,
    formId: 5,
    formTitle: 'Sam’s week at school',
    recipientName: 'Ms Lee',
    recipientRole: 'teacher',
    singleUse: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-04T10:00:00.000Z',
    opens: 2,
    lastOpenedAt: '2026-11-21T10:00:00.000Z',
    responses: 1,
    addedBy: { name: 'Ana', isYou: true },
    ...overrides,
  };
}
