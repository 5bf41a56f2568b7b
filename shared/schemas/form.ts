import { z } from 'zod';
import { ANSWER_LIMITS, FORM_QUESTION_KINDS } from '../form-answers.ts';
import { authorSchema } from './author.ts';
import { idSchema } from './child.ts';
import { text } from './common.ts';
import { storedDate, storedTimestamp } from './dates.ts';
import { RECIPIENT_ROLES, type RecipientRole } from './entry-source.ts';
import { GOAL_LIMITS } from './goal.ts';
import type { Setting } from './observation.ts';
import { SHARE_LINK_RULES, linkTokenBodySchema } from './share-links.ts';
import { createdLinkSchema } from './snapshot.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

/*
 * Smart forms (issue 28, decision 0109): questions the parent writes, each optionally tied to one of the
 * child's goals; a fill link per recipient (a teacher, a therapist...); each answer sent through a link
 * is a response the parent approves (its measured answers become progress entries, its texts
 * observations, each with its source) or rejects. A recipient sees the form and the child's first name,
 * nothing else of the record.
 */

export { FORM_QUESTION_KINDS, RECIPIENT_ROLES, type RecipientRole };

export const FORM_TEMPLATES = ['teacher-weekly', 'therapist-update', 'before-iep', 'goal'] as const;
export type FormTemplate = (typeof FORM_TEMPLATES)[number];

export const FORM_RESPONSE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type FormResponseStatus = (typeof FORM_RESPONSE_STATUSES)[number];

export const FORM_LIMITS = {
  title: 120,
  intro: 1000,
  prompt: 300,
  questions: 30,
  /** A question's id: the editor makes them; an API client may choose its own. */
  questionId: 40,
  /** The labels at a scale's two ends ("Not at all", "Every time"). */
  scaleLabel: 40,
  unit: GOAL_LIMITS.unit,
  formsPerChild: 100,
  recipientName: 80,
  /** Fill links: from 1 to 60 days, 14 unless the parent says otherwise. */
  linkMinDays: 1,
  linkMaxDays: SHARE_LINK_RULES['form-fill'].maxDays,
  linkDefaultDays: 14,
  /** Links still open per form at once. */
  activeLinksPerForm: 30,
  /** Responses listed at most per page of the inbox. */
  responsesPage: 100,
  /** A goal's latest values shown beside an answer in the inbox. */
  recentValues: 5,
  ...ANSWER_LIMITS,
} as const;

/** The observation's setting a text answer becomes, by who answered. */
export const RECIPIENT_SETTINGS: Record<RecipientRole, Setting> = {
  teacher: 'school',
  aide: 'school',
  therapist: 'therapy',
  coach: 'community',
  relative: 'home',
  other: 'other',
};

const questionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _')
  .min(1)
  .max(FORM_LIMITS.questionId, `At most ${FORM_LIMITS.questionId} characters`);

const scaleLabel = text().trim().max(FORM_LIMITS.scaleLabel, `At most ${FORM_LIMITS.scaleLabel} characters`).nullable().optional();

export const formQuestionInputSchema = z.strictObject({
  id: questionIdSchema.meta({ description: 'Unique within the form; answers name it.' }),
  kind: z.enum(FORM_QUESTION_KINDS),
  prompt: text().trim().min(1, 'Write the question').max(FORM_LIMITS.prompt, `At most ${FORM_LIMITS.prompt} characters`),
  goalId: idSchema.nullable().optional().meta({
    description: "One of the child's goals: a count, scale or number answer becomes a progress entry on it, a text an observation.",
  }),
  required: z.boolean().optional(),
  unit: text()
    .trim()
    .max(FORM_LIMITS.unit, `At most ${FORM_LIMITS.unit} characters`)
    .nullable()
    .optional()
    .meta({ description: "A number's unit; a question tied to a goal takes the goal's." }),
  scaleLow: scaleLabel.meta({ description: 'What 1 means on a scale.' }),
  scaleHigh: scaleLabel.meta({ description: 'What 5 means on a scale.' }),
});
export type FormQuestionInput = z.input<typeof formQuestionInputSchema>;

const questionsInput = z
  .array(formQuestionInputSchema)
  .max(FORM_LIMITS.questions, `At most ${FORM_LIMITS.questions} questions`)
  .refine((questions) => new Set(questions.map((question) => question.id)).size === questions.length, 'Each question needs its own id');

const formFields = {
  title: text().trim().min(1, 'Give the form a title').max(FORM_LIMITS.title, `At most ${FORM_LIMITS.title} characters`),
  intro: text()
    .trim()
    .max(FORM_LIMITS.intro, `At most ${FORM_LIMITS.intro} characters`)
    .nullable()
    .optional()
    .meta({ description: 'A line from the parent shown above the questions.' }),
  questions: questionsInput,
  template: z.enum(FORM_TEMPLATES).nullable().optional().meta({ description: 'The template it started from, if any.' }),
};

export const formCreateSchema = z.strictObject(formFields);
export type FormCreate = z.input<typeof formCreateSchema>;

export const formUpdateSchema = z
  .strictObject({ ...formFields, title: formFields.title.optional(), questions: questionsInput.optional() })
  .refine((value) => Object.keys(value).length > 0, {
    message: 'Provide at least one field to update',
    when: (payload) => payload.issues.length === 0,
  })
  .meta({ minProperties: 1 });
export type FormUpdate = z.input<typeof formUpdateSchema>;

/** A question as stored and read: what was sent, with its unit resolved (a goal's unit when tied to one). */
export const formQuestionSchema = z.object({
  id: z.string(),
  kind: z.enum(FORM_QUESTION_KINDS),
  prompt: z.string(),
  goalId: z.number().int().nullable(),
  required: z.boolean(),
  unit: z.string().nullable(),
  scaleLow: z.string().nullable(),
  scaleHigh: z.string().nullable(),
});
export type FormQuestion = z.infer<typeof formQuestionSchema>;

export const formSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  title: z.string(),
  intro: z.string().nullable(),
  template: z.enum(FORM_TEMPLATES).nullable(),
  questions: z.array(formQuestionSchema),
  /** Fill links still open (not revoked, not expired, not used up). */
  activeLinks: z.number().int(),
  /** Responses waiting for the parent. */
  pendingResponses: z.number().int(),
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});
export type Form = z.infer<typeof formSchema>;

/* Fill links. */

export const formLinkCreateSchema = z.strictObject({
  recipientName: text()
    .trim()
    .min(1, 'Say who will answer')
    .max(FORM_LIMITS.recipientName, `At most ${FORM_LIMITS.recipientName} characters`),
  recipientRole: z.enum(RECIPIENT_ROLES),
  expiresInDays: z
    .number()
    .int('Choose a whole number of days')
    .min(FORM_LIMITS.linkMinDays, `Choose from ${FORM_LIMITS.linkMinDays} to ${FORM_LIMITS.linkMaxDays} days`)
    .max(FORM_LIMITS.linkMaxDays, `Choose from ${FORM_LIMITS.linkMinDays} to ${FORM_LIMITS.linkMaxDays} days`)
    .default(FORM_LIMITS.linkDefaultDays),
  singleUse: z.boolean().default(false).meta({ description: 'The link works for one answer, then says it was used.' }),
  recipientEmail: z
    .email('Enter an email address')
    .max(254)
    .optional()
    .meta({ description: 'When this server sends mail, the link is emailed here. The address is not kept.' }),
});
export type FormLinkCreate = z.input<typeof formLinkCreateSchema>;

/** A new fill link, answered once: `link` is the whole URL with its token after `#`. */
export const createdFormLinkSchema = createdLinkSchema.extend({
  /** Whether the link went to recipientEmail (only when one was given and this server sends mail). */
  emailed: z.boolean(),
});
export type CreatedFormLink = z.infer<typeof createdFormLinkSchema>;

/** One open fill link in the parent's list. */
export const formLinkSchema = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  formTitle: z.string(),
  recipientName: z.string(),
  recipientRole: z.enum(RECIPIENT_ROLES),
  singleUse: z.boolean(),
  createdAt: storedTimestamp,
  expiresAt: storedTimestamp,
  opens: z.number().int(),
  lastOpenedAt: storedTimestamp.nullable(),
  /** Responses sent through it. */
  responses: z.number().int(),
  addedBy: authorSchema,
});
export type FormLink = z.infer<typeof formLinkSchema>;

/* The fill screen (public, by link). */

export const formFillBodySchema = linkTokenBodySchema;

/** What a recipient sees: the form, the child's first name and their own name; nothing else of the record. */
export const formFillViewSchema = z.object({
  title: z.string(),
  intro: z.string().nullable(),
  firstName: z.string(),
  recipientName: z.string(),
  recipientRole: z.enum(RECIPIENT_ROLES),
  expiresAt: storedTimestamp,
  singleUse: z.boolean(),
  questions: z.array(formQuestionSchema.omit({ goalId: true })),
});
export type FormFillView = z.infer<typeof formFillViewSchema>;

export const answerValueSchema = z.union([z.number(), z.boolean(), z.string().max(FORM_LIMITS.text * 2), z.null()]);

export const formAnswersBodySchema = linkTokenBodySchema.extend({
  answers: z
    .array(z.strictObject({ questionId: z.string().max(FORM_LIMITS.questionId), value: answerValueSchema }))
    .max(FORM_LIMITS.questions)
    .meta({ description: 'One per question at most; each value checked against its question’s kind (a 400 names the question).' }),
});
export type FormAnswersBody = z.input<typeof formAnswersBodySchema>;

export const formAnswersReceivedSchema = z.object({ answeredAt: storedTimestamp });

/* Responses. */

export const formResponseFilterSchema = z.strictObject({
  status: z.enum(FORM_RESPONSE_STATUSES).optional(),
  goalId: idSchema.optional().meta({ description: 'Only responses with an answer tied to this goal.' }),
  formId: idSchema.optional(),
});
export type FormResponseFilter = z.output<typeof formResponseFilterSchema>;

/** What approving makes of an answer: a progress entry on its goal, an observation, or nothing (it stays in the response). */
export const ANSWER_OUTCOMES = ['progress', 'observation', 'none'] as const;

export const formResponseAnswerSchema = z.object({
  questionId: z.string(),
  kind: z.enum(FORM_QUESTION_KINDS),
  /** The question as it was asked. */
  prompt: z.string(),
  unit: z.string().nullable(),
  goalId: z.number().int().nullable(),
  value: z.union([z.number(), z.boolean(), z.string(), z.null()]),
  becomes: z.enum(ANSWER_OUTCOMES),
  /** The goal it is tied to, with its latest values, for the parent deciding; null when untied or the goal is gone. */
  goal: z
    .object({
      id: z.number().int(),
      title: z.string(),
      unit: z.string().nullable(),
      baseline: z.number().nullable(),
      target: z.number().nullable(),
      recent: z.array(z.object({ on: storedDate, value: z.number() })),
    })
    .nullable(),
});

export const formResponseSchema = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  formTitle: z.string(),
  status: z.enum(FORM_RESPONSE_STATUSES),
  recipientName: z.string(),
  recipientRole: z.enum(RECIPIENT_ROLES),
  answeredAt: storedTimestamp,
  decidedAt: storedTimestamp.nullable(),
  decidedBy: authorSchema,
  answers: z.array(formResponseAnswerSchema),
});
export type FormResponse = z.infer<typeof formResponseSchema>;

/** What approving made: the progress entries' and observations' ids. */
export const approvedResponseSchema = formResponseSchema.extend({
  progressEntryIds: z.array(z.number().int()),
  observationIds: z.array(z.number().int()),
});

/* Who may do what, and what the activity feed says. */

export const formActions = defineChildActions('forms', {
  list: 'viewer',
  byId: 'viewer',
  create: 'updater',
  update: 'updater',
  delete: 'owner',
  links: 'owner',
  share: 'owner',
  revokeLink: 'owner',
});

export const formResponseActions = defineChildActions('formResponses', {
  list: 'viewer',
  approve: 'updater',
  reject: 'updater',
});

/** The feed names the form's title; a link's opens and answers are in the audit log (link.opened, link.answered), never what was answered. */
export const formActivity = defineActivityVocabulary({
  subject: 'form',
  actions: {
    'form.created': 'Form made',
    'form.updated': 'Form changed',
    'form.removed': 'Form removed',
    'form.sent': 'Form sent by link',
    'form.link-revoked': 'Form link turned off',
  },
});

/** Named by who answered. */
export const formResponseActivity = defineActivityVocabulary({
  subject: 'form-response',
  actions: {
    'form-response.approved': 'Form answers added to the record',
    'form-response.rejected': 'Form answers left out',
  },
});
