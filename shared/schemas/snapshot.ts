import { z } from 'zod';
import { authorSchema } from './author.ts';
import { idSchema, GRADES, SUPPORT_PLANS } from './child.ts';
import { text } from './common.ts';
import {
  TOO_FAR_AHEAD_MESSAGE,
  TOO_LONG_AGO_MESSAGE,
  dateWithin,
  earliestPastDay,
  latestPlanDate,
  storedDate,
  storedTimestamp,
} from './dates.ts';
import { DOCUMENT_CATEGORIES } from './document.ts';
import { RECIPIENT_ROLES } from './entry-source.ts';
import { FORM_QUESTION_KINDS } from '../form-answers.ts';
import { GOAL_AREAS } from './goal.ts';
import { SETTINGS } from './observation.ts';
import { PERSON_ROLES } from './person.ts';
import { STRATEGY_KINDS, STRATEGY_PLACES } from './strategy.ts';
import { SHARE_LINK_RULES, linkTokenBodySchema } from './share-links.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

/*
 * Snapshots (issue 27, decision 0107): the child on one page for one audience, built live from the
 * record each time it is read. A snapshot keeps only the parent's choices (audience, title, the ordered
 * sections shown or hidden, each with the parent's own wording if they wrote one, how far back recent
 * observations reach, a photo from the vault). A share link shows the visible sections and nothing else.
 */

export const SNAPSHOT_AUDIENCES = ['teacher', 'sitter', 'doctor', 'iep-meeting'] as const;
export type SnapshotAudience = (typeof SNAPSHOT_AUDIENCES)[number];

/** Every section a snapshot can show, in the one-page profile's order (strengths first). */
export const SNAPSHOT_SECTION_KEYS = [
  'about',
  'strengths',
  'what-helps',
  'challenges',
  'goals',
  'support-plan',
  'medications',
  'people',
  'recent-observations',
] as const;
export type SnapshotSectionKey = (typeof SNAPSHOT_SECTION_KEYS)[number];

/** How far back "recent observations" reach: hours for a sitter, weeks for a doctor. */
export const RECENT_WINDOWS = ['24h', '48h', '72h', '2w', '4w', '8w'] as const;
export type RecentWindow = (typeof RECENT_WINDOWS)[number];
/** The window's length in hours. */
export const RECENT_WINDOW_HOURS: Record<RecentWindow, number> = { '24h': 24, '48h': 48, '72h': 72, '2w': 336, '4w': 672, '8w': 1344 };

export const SNAPSHOT_PAPERS = ['letter', 'a4'] as const;
export type SnapshotPaper = (typeof SNAPSHOT_PAPERS)[number];

export const SNAPSHOT_LIMITS = {
  title: 120,
  /** The parent's own wording for one section. */
  sectionText: 2000,
  snapshotsPerChild: 50,
  /** Share links: from 1 to 30 days, 7 unless the parent says otherwise; no link without an end. */
  linkMinDays: 1,
  linkMaxDays: SHARE_LINK_RULES.snapshot.maxDays,
  linkDefaultDays: 7,
  /** Links still open per snapshot at once. */
  activeLinksPerSnapshot: 20,
  /** What a section lists at most, so the page stays one page. */
  listItems: 12,
  recentObservations: 20,
  /** Proud moments: the latest wins. */
  proudOf: 3,
  /** Progress points per goal on its small chart. */
  chartPoints: 12,
  /** Smallest text size on the page and in the PDF, in points: a section that does not fit continues on a second page. */
  minFontPt: 9,
  /** The meeting pack: longest period and the days without progress that raise a question. */
  meetingPackMaxDays: 731,
  staleGoalDays: 30,
  meetingPackObservationsPerGoal: 50,
} as const;

/** What each audience starts from: the sections in order, each shown or hidden, and the observation window. */
export const AUDIENCE_DEFAULTS: Record<SnapshotAudience, { visible: readonly SnapshotSectionKey[]; recentWindow: RecentWindow }> = {
  teacher: { visible: ['about', 'strengths', 'what-helps', 'challenges', 'goals', 'support-plan', 'people'], recentWindow: '2w' },
  sitter: { visible: ['about', 'what-helps', 'challenges', 'medications', 'people', 'recent-observations'], recentWindow: '48h' },
  doctor: { visible: ['about', 'challenges', 'medications', 'recent-observations'], recentWindow: '4w' },
  'iep-meeting': { visible: ['about', 'strengths', 'what-helps', 'challenges', 'goals', 'support-plan'], recentWindow: '4w' },
};

/** Audiences whose "about" section names the diagnoses (decision 0107): the doctor and the IEP team. */
export const AUDIENCES_WITH_DIAGNOSES: readonly SnapshotAudience[] = ['doctor', 'iep-meeting'];

export interface SnapshotSection {
  key: SnapshotSectionKey;
  visible: boolean;
  /** The parent's wording for this snapshot; null: the record's own. */
  text: string | null;
}

/** An audience's starting sections: every key once, the visible ones first in the profile's order. */
export function defaultSections(audience: SnapshotAudience): SnapshotSection[] {
  const { visible } = AUDIENCE_DEFAULTS[audience];
  const shown = SNAPSHOT_SECTION_KEYS.filter((key) => visible.includes(key));
  const hidden = SNAPSHOT_SECTION_KEYS.filter((key) => !visible.includes(key));
  return [...shown.map((key) => ({ key, visible: true, text: null })), ...hidden.map((key) => ({ key, visible: false, text: null }))];
}

/**
 * The sections as sent, completed: the listed ones in their order, then every key left out, hidden, in
 * the audience's order. None sent: the audience's defaults.
 */
export function completeSections(audience: SnapshotAudience, sent: readonly SnapshotSectionInput[] | undefined): SnapshotSection[] {
  if (!sent) return defaultSections(audience);
  const listed = sent.map((section) => ({ key: section.key, visible: section.visible, text: section.text ?? null }));
  const rest = defaultSections(audience)
    .filter((section) => !sent.some((given) => given.key === section.key))
    .map((section) => ({ ...section, visible: false }));
  return [...listed, ...rest];
}

export const sectionInputSchema = z.strictObject({
  key: z.enum(SNAPSHOT_SECTION_KEYS),
  visible: z.boolean(),
  text: text()
    .trim()
    .max(SNAPSHOT_LIMITS.sectionText, `At most ${SNAPSHOT_LIMITS.sectionText} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null))
    .meta({
      description: "The parent's own wording for this section in this snapshot; the record is not changed. Empty or null: the record's.",
    }),
});
export type SnapshotSectionInput = z.input<typeof sectionInputSchema>;

const sectionsInput = z
  .array(sectionInputSchema)
  .max(SNAPSHOT_SECTION_KEYS.length)
  .refine((sections) => new Set(sections.map((section) => section.key)).size === sections.length, 'Each section can be listed once')
  .meta({ description: 'The sections in the order shown; a key left out is hidden. Leave the list out for the audience’s defaults.' });

const snapshotFields = {
  audience: z.enum(SNAPSHOT_AUDIENCES),
  title: text().trim().max(SNAPSHOT_LIMITS.title, `At most ${SNAPSHOT_LIMITS.title} characters`).nullable().optional(),
  sections: sectionsInput.optional(),
  recentWindow: z
    .enum(RECENT_WINDOWS)
    .optional()
    .meta({ description: 'How far back recent observations reach; the audience’s default when left out.' }),
  photoDocumentId: idSchema.nullable().optional().meta({ description: 'A photo (JPEG or PNG) from the child’s vault.' }),
};

export const snapshotCreateSchema = z.strictObject(snapshotFields);
export type SnapshotCreate = z.input<typeof snapshotCreateSchema>;

export const snapshotUpdateSchema = z
  .strictObject({ ...snapshotFields, audience: snapshotFields.audience.optional() })
  .refine((value) => Object.keys(value).length > 0, {
    message: 'Provide at least one field to update',
    when: (payload) => payload.issues.length === 0,
  })
  .meta({ minProperties: 1 });
export type SnapshotUpdate = z.input<typeof snapshotUpdateSchema>;

export const snapshotPaperSchema = z.strictObject({ paper: z.enum(SNAPSHOT_PAPERS).default('letter') });

export const snapshotSectionSchema = z.object({ key: z.enum(SNAPSHOT_SECTION_KEYS), visible: z.boolean(), text: z.string().nullable() });

export const snapshotSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  audience: z.enum(SNAPSHOT_AUDIENCES),
  title: z.string().nullable(),
  sections: z.array(snapshotSectionSchema),
  recentWindow: z.enum(RECENT_WINDOWS),
  photoDocumentId: z.number().int().nullable(),
  /** Share links still open (not revoked, not expired). */
  activeLinks: z.number().int(),
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});
export type Snapshot = z.infer<typeof snapshotSchema>;

/* What a snapshot shows, built from the record: one shape per section. */

export const aboutContentSchema = z.object({
  key: z.literal('about'),
  name: z.string(),
  ageYears: z.number().int(),
  grade: z.enum(GRADES).nullable(),
  pronouns: z.string().nullable(),
  school: z.string().nullable(),
  /** What is important to them. */
  interests: z.array(z.string()),
  /** What they are proud of: their latest wins. */
  proudOf: z.array(z.string()),
  /** Only for a doctor or the IEP team (AUDIENCES_WITH_DIAGNOSES); empty otherwise. */
  diagnoses: z.array(z.string()),
});
export const strengthsContentSchema = z.object({ key: z.literal('strengths'), items: z.array(z.string()) });
const strategyLine = z.object({
  title: z.string(),
  description: z.string().nullable(),
  kind: z.enum(STRATEGY_KINDS),
  whereUsed: z.enum(STRATEGY_PLACES),
  /** 1-5 as the parent rated it; null when not rated. */
  effectiveness: z.number().int().nullable(),
});
/** Strategies in use that are not interventions (accommodations, routines, tools), best rated first. */
export const whatHelpsContentSchema = z.object({ key: z.literal('what-helps'), strategies: z.array(strategyLine) });
/** What is hard, and what to do then: the interventions in use, best rated first. */
export const challengesContentSchema = z.object({
  key: z.literal('challenges'),
  items: z.array(z.string()),
  whatToDo: z.array(strategyLine),
});
export const progressPointSchema = z.object({ on: storedDate, value: z.number() });
/** A goal as a snapshot and a meeting pack name it: what it is and where it started and aims. */
const goalOutline = z.object({
  id: z.number().int(),
  title: z.string(),
  area: z.enum(GOAL_AREAS),
  baseline: z.number().nullable(),
  target: z.number().nullable(),
  unit: z.string().nullable(),
});
export const snapshotGoalSchema = goalOutline.extend({
  latestValue: z.number().nullable(),
  latestOn: storedDate.nullable(),
  /** The latest progress entries, oldest first, for the small chart. */
  points: z.array(progressPointSchema),
});
export const goalsContentSchema = z.object({ key: z.literal('goals'), goals: z.array(snapshotGoalSchema) });
export const supportPlanContentSchema = z.object({
  key: z.literal('support-plan'),
  plan: z.enum(SUPPORT_PLANS).nullable(),
  school: z.string().nullable(),
  planReviewDate: storedDate.nullable(),
  /** The next yearly review on or after today, from planReviewDate. */
  nextReviewDate: storedDate.nullable(),
  lastEvaluationDate: storedDate.nullable(),
});
export const medicationsContentSchema = z.object({
  key: z.literal('medications'),
  items: z.array(
    z.object({ name: z.string(), dose: z.string().nullable(), schedule: z.string().nullable(), prescriber: z.string().nullable() }),
  ),
});
export const peopleContentSchema = z.object({
  key: z.literal('people'),
  items: z.array(z.object({ name: z.string(), role: z.enum(PERSON_ROLES), phone: z.string().nullable(), email: z.string().nullable() })),
});
export const recentObservationsContentSchema = z.object({
  key: z.literal('recent-observations'),
  window: z.enum(RECENT_WINDOWS),
  /** The latest observations in the window, newest first. */
  items: z.array(
    z.object({
      occurredAt: storedTimestamp,
      what: z.string(),
      setting: z.enum(SETTINGS),
      mood: z.number().int().nullable(),
      isWin: z.boolean(),
    }),
  ),
  /** How many there were in the window (items holds the latest of them). */
  count: z.number().int(),
  /** Per week (Monday, UTC) of the window: how many, and the average mood of those with one; for windows in weeks. */
  weeks: z.array(z.object({ weekStart: storedDate, count: z.number().int(), averageMood: z.number().nullable() })),
});

export const sectionContentSchema = z.discriminatedUnion('key', [
  aboutContentSchema,
  strengthsContentSchema,
  whatHelpsContentSchema,
  challengesContentSchema,
  goalsContentSchema,
  supportPlanContentSchema,
  medicationsContentSchema,
  peopleContentSchema,
  recentObservationsContentSchema,
]);
export type SectionContent = z.infer<typeof sectionContentSchema>;

export const viewSectionSchema = z.object({
  key: z.enum(SNAPSHOT_SECTION_KEYS),
  heading: z.string(),
  /** The parent's wording, shown instead of the content's text when there is one. */
  text: z.string().nullable(),
  content: sectionContentSchema,
});
export type ViewSection = z.infer<typeof viewSectionSchema>;

/** How the page is laid out (FLAG_SNAPSHOT_DISPLAY_V2, decision 0107): the one-page profile, or one column of sections. */
export const SNAPSHOT_LAYOUTS = ['profile', 'list'] as const;

/** A snapshot as someone reads it: only its visible sections, in order, each with the parent's wording when written. */
export const snapshotViewSchema = z.object({
  title: z.string(),
  audience: z.enum(SNAPSHOT_AUDIENCES),
  firstName: z.string(),
  layout: z.enum(SNAPSHOT_LAYOUTS),
  /** Whether the page offers printing with its print stylesheet (FLAG_PDF_PRINT_STYLES). */
  printStyles: z.boolean(),
  hasPhoto: z.boolean(),
  builtAt: storedTimestamp,
  sections: z.array(viewSectionSchema),
});
export type SnapshotView = z.infer<typeof snapshotViewSchema>;

/**
 * A snapshot with what the record gives every section, shown or hidden (in the snapshot's order), so the
 * parent's preview follows their choices before they are saved.
 */
export const snapshotWithContentSchema = snapshotSchema.extend({ preview: snapshotViewSchema });
export type SnapshotWithContent = z.infer<typeof snapshotWithContentSchema>;

/* Share links. */

export const snapshotLinkCreateSchema = z.strictObject({
  expiresInDays: z
    .number()
    .int('Choose a whole number of days')
    .min(SNAPSHOT_LIMITS.linkMinDays, `Choose from ${SNAPSHOT_LIMITS.linkMinDays} to ${SNAPSHOT_LIMITS.linkMaxDays} days`)
    .max(SNAPSHOT_LIMITS.linkMaxDays, `Choose from ${SNAPSHOT_LIMITS.linkMinDays} to ${SNAPSHOT_LIMITS.linkMaxDays} days`)
    .default(SNAPSHOT_LIMITS.linkDefaultDays),
});
export type SnapshotLinkCreate = z.input<typeof snapshotLinkCreateSchema>;

/** A new link, answered once: `link` is the whole URL with its token after `#`. */
export const createdLinkSchema = z.object({ id: z.number().int(), link: z.string(), expiresAt: storedTimestamp });
export type CreatedLink = z.infer<typeof createdLinkSchema>;

/** One open link in the parent's list. */
export const snapshotLinkSchema = z.object({
  id: z.number().int(),
  snapshotId: z.number().int(),
  snapshotTitle: z.string(),
  audience: z.enum(SNAPSHOT_AUDIENCES),
  createdAt: storedTimestamp,
  expiresAt: storedTimestamp,
  opens: z.number().int(),
  lastOpenedAt: storedTimestamp.nullable(),
  addedBy: authorSchema,
});
export type SnapshotLink = z.infer<typeof snapshotLinkSchema>;

export const sharedSnapshotBodySchema = linkTokenBodySchema;
export const sharedSnapshotPdfBodySchema = linkTokenBodySchema.extend({ paper: z.enum(SNAPSHOT_PAPERS).default('letter') });

/* The IEP meeting pack. */

/** The meeting pack's screen in the app: the roadmap's review preparation and the guide's suggestion for a review link to it. */
export const MEETING_PACK_PATH = '/snapshots/meeting-pack';

/** A day of a meeting pack's period: within the record's history, and no further ahead than a plan's date. */
const packDay = dateWithin({
  earliest: { day: earliestPastDay, message: TOO_LONG_AGO_MESSAGE },
  latest: { day: latestPlanDate, message: TOO_FAR_AHEAD_MESSAGE },
});

export const meetingPackQuerySchema = z
  .strictObject({
    from: packDay.optional().meta({ description: 'First day (YYYY-MM-DD); default: the last plan review, or a year ago.' }),
    to: packDay.optional().meta({ description: 'Last day (YYYY-MM-DD); default: today.' }),
    paper: z.enum(SNAPSHOT_PAPERS).optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'The first day comes before the last', path: ['to'] });

export const MEETING_QUESTION_KINDS = ['no-data', 'no-progress', 'service-unmentioned'] as const;

/** One answer to a smart form's question tied to the goal, from an approved response (decision 0109). */
export const meetingAnswerSchema = z.object({
  /** Who answered, as the parent named them on the link, and their role. */
  name: z.string(),
  role: z.enum(RECIPIENT_ROLES),
  answeredAt: storedTimestamp,
  /** The question as it was asked. */
  prompt: z.string(),
  kind: z.enum(FORM_QUESTION_KINDS),
  /** A number (count, scale, number), true/false (yes-no), a day YYYY-MM-DD (date) or the text. */
  value: z.union([z.number(), z.boolean(), z.string()]),
  unit: z.string().nullable(),
});
export type MeetingAnswer = z.infer<typeof meetingAnswerSchema>;

export const meetingPackSchema = z.object({
  firstName: z.string(),
  from: storedDate,
  to: storedDate,
  plan: z.enum(SUPPORT_PLANS).nullable(),
  goals: z.array(
    goalOutline.extend({
      /** Every progress entry in the period, oldest first. */
      points: z.array(progressPointSchema),
      /**
       * The parent's own observations about this goal in the period, newest first. Observations made from
       * a form answer are not here: they are in `answers`, with who said them.
       */
      observations: z.array(z.object({ occurredAt: storedTimestamp, what: z.string() })),
      /** What the team said about this goal: answers to smart forms approved in the period, oldest first. */
      answers: z.array(meetingAnswerSchema),
      /** Strategies linked to this goal, with how they were rated. */
      strategies: z.array(z.object({ title: z.string(), active: z.boolean(), effectiveness: z.number().int().nullable() })),
    }),
  ),
  documents: z.array(z.object({ id: z.number().int(), title: z.string(), category: z.enum(DOCUMENT_CATEGORIES), addedOn: storedDate })),
  /** The questions to bring: goals with no data or no progress in 30 days, services in the plan nothing mentions. */
  questions: z.array(z.object({ kind: z.enum(MEETING_QUESTION_KINDS), text: z.string(), goalId: z.number().int().nullable() })),
});
export type MeetingPack = z.infer<typeof meetingPackSchema>;

/* Who may do what, and what the activity feed says. */

export const snapshotActions = defineChildActions('snapshots', {
  list: 'viewer',
  byId: 'viewer',
  pdf: 'viewer',
  meetingPack: 'viewer',
  create: 'updater',
  update: 'updater',
  delete: 'owner',
  links: 'owner',
  share: 'owner',
  revokeLink: 'owner',
});

/** The feed names the snapshot's title or audience; a link's opens are in the audit log (link.opened). */
export const snapshotActivity = defineActivityVocabulary({
  subject: 'snapshot',
  actions: {
    'snapshot.created': 'Snapshot made',
    'snapshot.updated': 'Snapshot changed',
    'snapshot.removed': 'Snapshot removed',
    'snapshot.shared': 'Snapshot shared by link',
    'snapshot.link-revoked': 'Snapshot link turned off',
  },
});

export const SNAPSHOT_AUDIENCE_LABELS: Record<SnapshotAudience, string> = {
  teacher: 'Teacher',
  sitter: 'Sitter or relative',
  doctor: 'Doctor',
  'iep-meeting': 'IEP meeting',
};

/** Each section's heading; the first three are the one-page profile's (person-centred planning). */
export const SNAPSHOT_SECTION_HEADINGS: Record<SnapshotSectionKey, string> = {
  about: 'About me',
  strengths: 'What people like and admire about me',
  'what-helps': 'How best to support me',
  challenges: 'What is hard, and what to do then',
  goals: 'Goals and progress',
  'support-plan': 'Support plan',
  medications: 'Medications',
  people: 'People to call',
  'recent-observations': 'Recent observations',
};
