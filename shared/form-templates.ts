import type { FormQuestionKind } from './form-answers.ts';

/*
 * The smart forms' starting points (issue 28, decision 0109): a teacher's weekly check-in, a therapist's
 * update, input before the IEP meeting, and one for a single goal. Each is only a first draft the parent
 * changes in the editor. Zod-free (types only from the schemas) so any screen can use it. The child's
 * first name is written into the wording; a goal's title never is, since the recipient must not see it
 * (only the question's tie to the goal travels to the server, and the goal's unit to the recipient).
 */

export const FORM_TEMPLATE_NAMES = ['teacher-weekly', 'therapist-update', 'before-iep', 'goal'] as const;
export type FormTemplateName = (typeof FORM_TEMPLATE_NAMES)[number];

/** A question as the form is made with it (the fields of FormQuestionInput in shared/schemas/form.ts). */
export interface TemplateQuestion {
  id: string;
  kind: FormQuestionKind;
  prompt: string;
  required: boolean;
  goalId: number | null;
  unit: string | null;
  scaleLow: string | null;
  scaleHigh: string | null;
}

/** A new form's fields (FormCreate in shared/schemas/form.ts). */
export interface TemplateForm {
  title: string;
  intro: string;
  template: FormTemplateName;
  questions: TemplateQuestion[];
}

/** The goal a 'goal' form asks about: its title stays with the parent, its unit shapes the question. */
export interface TemplateGoal {
  id: number;
  unit: string | null;
}

type Draft = Pick<TemplateQuestion, 'kind' | 'prompt'> & Partial<Omit<TemplateQuestion, 'id' | 'kind' | 'prompt'>>;

/** Ids q1..qn in order; what is not given is left empty. */
function numbered(drafts: Draft[]): TemplateQuestion[] {
  return drafts.map((draft, index) => ({
    id: `q${index + 1}`,
    kind: draft.kind,
    prompt: draft.prompt,
    required: draft.required ?? false,
    goalId: draft.goalId ?? null,
    unit: draft.unit ?? null,
    scaleLow: draft.scaleLow ?? null,
    scaleHigh: draft.scaleHigh ?? null,
  }));
}

const ANYTHING_ELSE: Draft = { kind: 'text', prompt: 'Anything else I should know?' };

function teacherWeekly(name: string): TemplateForm {
  return {
    title: `${name}’s week at school`,
    intro: `Thank you for taking a minute for this. Your answers help us follow how ${name} is doing and support the same things at home.`,
    template: 'teacher-weekly',
    questions: numbered([
      { kind: 'count', prompt: `How many times this week did ${name} start work without a prompt?` },
      { kind: 'scale', prompt: `How was ${name}’s focus this week?`, scaleLow: 'Not focused', scaleHigh: 'Very focused' },
      { kind: 'yes-no', prompt: `Did ${name} hand in homework every day?` },
      ANYTHING_ELSE,
    ]),
  };
}

function therapistUpdate(name: string): TemplateForm {
  return {
    title: `${name}’s therapy update`,
    intro: `Thank you for working with ${name}. A short update helps us practice the same things at home.`,
    template: 'therapist-update',
    questions: numbered([
      { kind: 'count', prompt: `How many sessions did ${name} attend since your last update?` },
      { kind: 'scale', prompt: `How is ${name} progressing toward the therapy goals?`, scaleLow: 'Not yet', scaleHigh: 'Strong progress' },
      { kind: 'text', prompt: 'What are you working on now?' },
      { kind: 'text', prompt: 'What could we practice at home?' },
      ANYTHING_ELSE,
    ]),
  };
}

function beforeIep(name: string): TemplateForm {
  return {
    title: `Before ${name}’s IEP meeting`,
    intro: `${name}’s IEP meeting is coming up. Your view helps us come prepared, and we will bring it to the meeting.`,
    template: 'before-iep',
    questions: numbered([
      { kind: 'scale', prompt: `Overall, how is ${name} doing with you?`, scaleLow: 'Struggling', scaleHigh: 'Doing well' },
      { kind: 'text', prompt: `What are ${name}’s strengths?` },
      { kind: 'text', prompt: `Where does ${name} need more support?` },
      { kind: 'yes-no', prompt: `Are the current supports working for ${name}?` },
      { kind: 'text', prompt: 'What would you like us to raise at the meeting?' },
    ]),
  };
}

function forGoal(name: string, goal: TemplateGoal | undefined): TemplateForm {
  const goalId = goal?.id ?? null;
  // A goal measured in a unit gets a number in that unit (the server reads the unit from the goal); else a count.
  const measure: Draft = goal?.unit
    ? { kind: 'number', prompt: `This week, what did you see from ${name}, in ${goal.unit}?`, goalId, required: true }
    : { kind: 'count', prompt: `How many times this week did you see ${name} do this?`, goalId, required: true };
  return {
    title: `A quick check on ${name}’s progress`,
    intro: `We are working with ${name} on one goal and would love your numbers from this week.`,
    template: 'goal',
    questions: numbered([
      measure,
      { kind: 'scale', prompt: `How is ${name} progressing on this?`, goalId, scaleLow: 'No progress yet', scaleHigh: 'Big steps forward' },
      { kind: 'text', prompt: 'What helped?', goalId },
    ]),
  };
}

/** A new form from `template`, worded with the child's first name (and, for 'goal', tied to `goal`). */
export function formFromTemplate(template: FormTemplateName, options: { firstName: string; goal?: TemplateGoal }): TemplateForm {
  const name = options.firstName.trim() || 'your child';
  switch (template) {
    case 'teacher-weekly':
      return teacherWeekly(name);
    case 'therapist-update':
      return therapistUpdate(name);
    case 'before-iep':
      return beforeIep(name);
    case 'goal':
      return forGoal(name, options.goal);
  }
}
