import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ActivityAction, ActivitySubject } from '#shared/schemas/activity.ts';
import type { GRADES, SUPPORT_PLANS } from '#shared/schemas/child.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import type { DOCUMENT_CATEGORIES, DOCUMENT_PROCESSING_STATES, DocumentMediaType } from '#shared/schemas/document.ts';
import type { CONTACT_TOPICS } from '#shared/schemas/contact.ts';
import type { EXPORT_STATUSES } from '#shared/schemas/account-data.ts';
import type { GOAL_AREAS, GOAL_SOURCES, GOAL_STATUSES } from '#shared/schemas/goal.ts';
import type { MILESTONE_CATEGORIES, MILESTONE_SOURCES, MILESTONE_STATUSES } from '#shared/schemas/milestone.ts';
import type { PERSON_ROLES } from '#shared/schemas/person.ts';
import type { SHARE_LINK_PURPOSES } from '#shared/schemas/share-links.ts';
import type { RECENT_WINDOWS, SNAPSHOT_AUDIENCES, SnapshotSection } from '#shared/schemas/snapshot.ts';
import type { SETTINGS } from '#shared/schemas/observation.ts';
import type { EntrySource, RecipientRole } from '#shared/schemas/entry-source.ts';
import type { FORM_RESPONSE_STATUSES, FORM_TEMPLATES } from '#shared/schemas/form.ts';
import type { FormQuestionKind } from '#shared/form-answers.ts';
import type { STRATEGY_KINDS, STRATEGY_PLACES } from '#shared/schemas/strategy.ts';
import type {
  CLAIM_STATUSES,
  DEADLINE_RULES,
  EXPENSE_CATEGORIES,
  FUNDING_SOURCE_KINDS,
  RECEIPT_CHECKLIST_ITEMS,
} from '#shared/schemas/reimbursement.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<Record<string, unknown>, string | undefined, string>;
/** A text column that holds one of a shared vocabulary (the API's zod enums check every write). */
type OneOf<Values extends readonly string[]> = Values[number];

export interface UsersTable {
  id: string;
  /** Both null for an account that signs in through Clerk (its row exists so children can reference it). */
  email: string | null;
  passwordHash: string | null;
  /** The account's name (built-in accounts; a Clerk account's name stays Clerk's). */
  name: ColumnType<string | null, string | null | undefined, string | null>;
  publicMetadata: Json;
  unsafeMetadata: Json;
  createdAt: Timestamp;
}

export interface SessionsTable {
  idHash: string;
  userId: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A password reset link: only its token's hash is kept (decision 0050). */
export interface PasswordResetsTable {
  tokenHash: string;
  userId: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ChildrenTable {
  id: Generated<number>;
  ownerId: string;
  firstName: string;
  lastName: string | null;
  dateOfBirth: string;
  grade: OneOf<typeof GRADES> | null;
  school: string | null;
  pronouns: string | null;
  supportPlan: OneOf<typeof SUPPORT_PLANS> | null;
  planReviewDate: string | null;
  lastEvaluationDate: string | null;
  diagnoses: ColumnType<string[], string[] | undefined, string[]>;
  strengths: ColumnType<string[], string[] | undefined, string[]>;
  challenges: ColumnType<string[], string[] | undefined, string[]>;
  interests: ColumnType<string[], string[] | undefined, string[]>;
  notes: string | null;
  avatarColor: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ActivitiesTable {
  id: Generated<number>;
  ownerId: string;
  childId: number | null;
  /** Who made the change; null once their account is deleted. */
  actorId: string | null;
  action: ActivityAction;
  subjectType: ActivitySubject;
  subjectId: number;
  /** The person an access entry is about (decision 0072); null once their account is deleted. */
  subjectUserId: ColumnType<string | null, string | null | undefined, never>;
  /** A role change's old and new role. */
  fromRole: ColumnType<ChildRole | null, ChildRole | null | undefined, never>;
  toRole: ColumnType<ChildRole | null, ChildRole | null | undefined, never>;
  createdAt: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  topic: OneOf<typeof CONTACT_TOPICS>;
  message: string;
  receivedAt: Timestamp;
}

type StringList = ColumnType<string[], string[] | undefined, string[]>;
type Created = ColumnType<Date, Date | string | undefined, never>;
/** Who added the record (decision 0086): set once, on insert; null once their account is deleted. */
type CreatedBy = ColumnType<string | null, string | null | undefined, never>;

export interface GoalsTable {
  id: Generated<number>;
  childId: number;
  area: OneOf<typeof GOAL_AREAS>;
  title: string;
  description: string | null;
  baseline: number | null;
  target: number | null;
  unit: string | null;
  targetDate: string | null;
  status: Generated<OneOf<typeof GOAL_STATUSES>>;
  source: Generated<OneOf<typeof GOAL_SOURCES>>;
  createdAt: Created;
  createdBy: CreatedBy;
  updatedAt: Timestamp;
}

export interface ProgressEntriesTable {
  id: Generated<number>;
  childId: number;
  goalId: number;
  recordedOn: string;
  value: number;
  note: string | null;
  /** jsonb, written as JSON text: a form answer's source (decision 0109); null when a caregiver typed it. */
  source: ColumnType<EntrySource | null, string | null | undefined, string | null>;
  createdAt: Created;
  createdBy: CreatedBy;
}

export interface StrategiesTable {
  id: Generated<number>;
  childId: number;
  title: string;
  description: string | null;
  whereUsed: Generated<OneOf<typeof STRATEGY_PLACES>>;
  kind: Generated<OneOf<typeof STRATEGY_KINDS>>;
  effectiveness: number | null;
  active: Generated<boolean>;
  createdAt: Created;
  createdBy: CreatedBy;
  updatedAt: Timestamp;
}

export interface StrategyGoalsTable {
  strategyId: number;
  goalId: number;
  childId: number;
}

/** One of the child's medications (decision 0056). */
export interface MedicationsTable {
  id: Generated<number>;
  childId: number;
  name: string;
  dose: string | null;
  schedule: string | null;
  prescriber: string | null;
  startedOn: string | null;
  notes: string | null;
  active: Generated<boolean>;
  createdAt: Created;
  createdBy: CreatedBy;
  updatedAt: Timestamp;
}

/** One of the adults around the child, as a contact: not an account (decision 0056). */
export interface ChildPeopleTable {
  id: Generated<number>;
  childId: number;
  name: string;
  role: Generated<OneOf<typeof PERSON_ROLES>>;
  phone: string | null;
  email: string | null;
  notes: string | null;
  createdAt: Created;
  createdBy: CreatedBy;
  updatedAt: Timestamp;
}

export interface ObservationsTable {
  id: Generated<number>;
  childId: number;
  what: string;
  occurredAt: Timestamp;
  setting: Generated<OneOf<typeof SETTINGS>>;
  antecedent: string | null;
  behaviour: string | null;
  consequence: string | null;
  mood: number | null;
  tags: StringList;
  isWin: Generated<boolean>;
  goalId: number | null;
  /** jsonb, written as JSON text: a form answer's source (decision 0109); null when a caregiver typed it. */
  source: ColumnType<EntrySource | null, string | null | undefined, string | null>;
  createdAt: Created;
  createdBy: CreatedBy;
  updatedAt: Timestamp;
}

export interface MilestonesTable {
  id: Generated<number>;
  childId: number;
  title: string;
  whyItMatters: string | null;
  whatToDo: string | null;
  category: OneOf<typeof MILESTONE_CATEGORIES>;
  dueDate: string;
  status: Generated<OneOf<typeof MILESTONE_STATUSES>>;
  source: OneOf<typeof MILESTONE_SOURCES>;
  ruleKey: string | null;
  editedByParent: Generated<boolean>;
  createdAt: Created;
  createdBy: CreatedBy;
  updatedAt: Timestamp;
}

export interface DismissedMilestonesTable {
  childId: number;
  ruleKey: string;
  dismissedAt: Created;
}

export interface StoredObjectsTable {
  id: Generated<number>;
  objectKey: string;
  ownerId: string;
  keyId: string;
  wrappedKey: Buffer;
  /** Plaintext bytes; null until the object is completely written. */
  sizeBytes: number | null;
  createdAt: Created;
  committedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  releasedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** False for temporary copies (an export's ZIP): they do not count against the vault quota. */
  countsTowardQuota: Generated<boolean>;
}

export interface ExportsTable {
  id: Generated<number>;
  ownerId: string;
  status: OneOf<typeof EXPORT_STATUSES>;
  itemsDone: Generated<number>;
  itemsTotal: number | null;
  objectId: number | null;
  sizeBytes: number | null;
  createdAt: Created;
  finishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DocumentsTable {
  id: Generated<number>;
  childId: number;
  title: string;
  category: OneOf<typeof DOCUMENT_CATEGORIES>;
  documentDate: string | null;
  schoolYear: string | null;
  tags: Generated<string[]>;
  note: string | null;
  fileName: string;
  mediaType: DocumentMediaType;
  sizeBytes: number;
  fileObjectId: number;
  thumbnailObjectId: number | null;
  processing: Generated<OneOf<typeof DOCUMENT_PROCESSING_STATES>>;
  contentText: string | null;
  pageCount: number | null;
  /** Kept by the repository from the other columns; never read back. */
  searchVector: Generated<string>;
  createdAt: Created;
  createdBy: CreatedBy;
  /** When the current file was added, and by whom (decision 0087). */
  fileAddedAt: Timestamp;
  fileAddedBy: ColumnType<string | null, string | null | undefined, string | null>;
  updatedAt: Timestamp;
}

/** When a caregiver's view of a child was last noted in its audit log (at most once an hour). */
export interface ViewsNotedTable {
  userId: string;
  childId: number;
  notedAt: Date;
}

export interface ChildAccessTable {
  id: Generated<number>;
  childId: number;
  userId: string;
  role: ChildRole;
  invitedAs: string | null;
  createdAt: Created;
  updatedAt: Timestamp;
}

/** An invitation: its link (token, expiry, cancellation) is a share_links row (decision 0090). */
export interface InvitesTable {
  id: Generated<number>;
  /** The address it went to; null once the account that accepted it is deleted. */
  email: string | null;
  role: ChildRole;
  invitedBy: string;
  createdAt: Created;
  acceptedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  acceptedBy: string | null;
}

/** A public link (decision 0089): it opens one record, its grant; only its token's hash is kept. */
export interface ShareLinksTable {
  id: Generated<number>;
  purpose: OneOf<typeof SHARE_LINK_PURPOSES>;
  /** Null for an invitation only: its children are in invite_children. */
  childId: number | null;
  grantType: string;
  grantId: number;
  tokenHash: string;
  createdBy: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  singleUse: boolean;
  uses: ColumnType<number, number | undefined, number>;
  lastOpenedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A snapshot's choices (decision 0107); its content is built from the record when read. */
export interface SnapshotsTable {
  id: Generated<number>;
  childId: number;
  audience: OneOf<typeof SNAPSHOT_AUDIENCES>;
  title: string | null;
  /** jsonb: written as JSON text (pg would send a JS array as a PostgreSQL array), read parsed. */
  sections: ColumnType<SnapshotSection[], string, string>;
  recentWindow: OneOf<typeof RECENT_WINDOWS>;
  photoDocumentId: number | null;
  createdBy: CreatedBy;
  createdAt: Created;
  updatedAt: Timestamp;
}

/** A question as a form keeps it (decision 0109); the unit a goal gives is read from the goal. */
export interface StoredFormQuestion {
  id: string;
  kind: FormQuestionKind;
  prompt: string;
  goalId: number | null;
  required: boolean;
  unit: string | null;
  scaleLow: string | null;
  scaleHigh: string | null;
}

/** An answer as a response keeps it: the question as it was asked, and the value given. */
export interface StoredFormAnswer {
  questionId: string;
  kind: FormQuestionKind;
  prompt: string;
  unit: string | null;
  goalId: number | null;
  value: number | boolean | string | null;
}

/** A smart form's questions (decision 0109). */
export interface FormsTable {
  id: Generated<number>;
  childId: number;
  title: string;
  intro: string | null;
  template: OneOf<typeof FORM_TEMPLATES> | null;
  /** jsonb: written as JSON text, read parsed. */
  questions: ColumnType<StoredFormQuestion[], string, string>;
  createdBy: CreatedBy;
  createdAt: Created;
  updatedAt: Timestamp;
}

/** Who a fill link (a share_links row) was made for. */
export interface FormLinksTable {
  linkId: number;
  formId: number;
  childId: number;
  recipientName: string;
  recipientRole: RecipientRole;
}

/** One answer sent through a fill link, waiting for the parent or decided. */
export interface FormResponsesTable {
  id: Generated<number>;
  childId: number;
  formId: number;
  linkId: number | null;
  recipientName: string;
  recipientRole: RecipientRole;
  /** jsonb: written as JSON text, read parsed. */
  answers: ColumnType<StoredFormAnswer[], string, string>;
  status: Generated<OneOf<typeof FORM_RESPONSE_STATUSES>>;
  answeredAt: Timestamp;
  decidedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decidedBy: string | null;
}

export interface InviteChildrenTable {
  inviteId: number;
  childId: number;
}

/** A person's email choices; no row means the defaults (decision 0062). */
export interface NotificationSettingsTable {
  userId: string;
  weeklyDigest: boolean;
  reminderThirtyDays: boolean;
  reminderSevenDays: boolean;
  reminderOneDay: boolean;
  /** Told when a form answer arrives (decision 0109); true unless turned off. */
  formAnswers: Generated<boolean>;
  updatedAt: Timestamp;
}

/** A milestone reminder that went (or is going) to a person: never twice (decision 0063). */
export interface MilestoneRemindersSentTable {
  userId: string;
  milestoneId: number;
  daysBefore: number;
  sentAt: Created;
}

/** A weekly digest about a child that went to a person, by the Monday of its week. */
export interface WeeklyDigestsSentTable {
  userId: string;
  childId: number;
  weekStart: string;
  sentAt: Created;
}

export interface DocumentGoalsTable {
  documentId: number;
  goalId: number;
  childId: number;
}

/** Column names are camelCase here and snake_case in SQL (CamelCasePlugin). */
/** An earlier file of a document, kept when the file was replaced (decision 0087). */
export interface DocumentVersionsTable {
  id: Generated<number>;
  documentId: number;
  childId: number;
  fileName: string;
  mediaType: DocumentMediaType;
  sizeBytes: number;
  fileObjectId: number;
  pageCount: number | null;
  addedAt: ColumnType<Date, Date | string, never>;
  addedBy: ColumnType<string | null, string | null | undefined, never>;
  replacedAt: Created;
  replacedBy: ColumnType<string | null, string | null | undefined, never>;
}

/** Money columns are bigint minor units; both drivers read int8 as a number (database.ts). */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A funder of the child's expenses (decision 0103). */
export interface FundingSourcesTable {
  id: Generated<number>;
  childId: number;
  kind: OneOf<typeof FUNDING_SOURCE_KINDS>;
  name: string;
  currency: string;
  awardCents: Nullable<number>;
  periodStart: Nullable<string>;
  periodEnd: Nullable<string>;
  deadlines: StringList;
  deadlineRule: Nullable<OneOf<typeof DEADLINE_RULES>>;
  deadlineDays: Nullable<number>;
  notes: Nullable<string>;
  createdBy: CreatedBy;
  createdAt: Created;
  updatedAt: Timestamp;
}

export interface ExpensesTable {
  id: Generated<number>;
  childId: number;
  provider: string;
  category: OneOf<typeof EXPENSE_CATEGORIES>;
  serviceDate: string;
  serviceEndDate: Nullable<string>;
  amountCents: number;
  currency: string;
  paidOn: Nullable<string>;
  paidBy: Nullable<string>;
  paidDirectlyBy: Nullable<number>;
  notes: Nullable<string>;
  checklist: ColumnType<OneOf<typeof RECEIPT_CHECKLIST_ITEMS>[], string[] | undefined, string[]>;
  createdBy: CreatedBy;
  createdAt: Created;
  updatedAt: Timestamp;
}

export interface ExpenseDocumentsTable {
  expenseId: number;
  documentId: number;
  childId: number;
}

export interface ClaimsTable {
  id: Generated<number>;
  childId: number;
  expenseId: number;
  fundingSourceId: number;
  amountCents: number;
  status: Generated<OneOf<typeof CLAIM_STATUSES>>;
  approvedCents: Nullable<number>;
  paidCents: Generated<number>;
  reference: Nullable<string>;
  submittedOn: Nullable<string>;
  createdBy: CreatedBy;
  createdAt: Created;
  updatedAt: Timestamp;
}

export interface ClaimStatusChangesTable {
  id: Generated<number>;
  claimId: number;
  childId: number;
  fromStatus: OneOf<typeof CLAIM_STATUSES> | null;
  toStatus: OneOf<typeof CLAIM_STATUSES>;
  approvedCents: number | null;
  note: string | null;
  reference: string | null;
  happenedOn: string;
  createdBy: CreatedBy;
  createdAt: Created;
}

export interface ClaimPaymentsTable {
  id: Generated<number>;
  claimId: number;
  childId: number;
  amountCents: number;
  paidOn: string;
  reference: string | null;
  createdBy: CreatedBy;
  createdAt: Created;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  passwordResets: PasswordResetsTable;
  children: ChildrenTable;
  activities: ActivitiesTable;
  contactMessages: ContactMessagesTable;
  goals: GoalsTable;
  progressEntries: ProgressEntriesTable;
  strategies: StrategiesTable;
  strategyGoals: StrategyGoalsTable;
  medications: MedicationsTable;
  childPeople: ChildPeopleTable;
  observations: ObservationsTable;
  milestones: MilestonesTable;
  dismissedMilestones: DismissedMilestonesTable;
  storedObjects: StoredObjectsTable;
  documents: DocumentsTable;
  documentGoals: DocumentGoalsTable;
  documentVersions: DocumentVersionsTable;
  childAccess: ChildAccessTable;
  viewsNoted: ViewsNotedTable;
  invites: InvitesTable;
  inviteChildren: InviteChildrenTable;
  shareLinks: ShareLinksTable;
  exports: ExportsTable;
  notificationSettings: NotificationSettingsTable;
  milestoneRemindersSent: MilestoneRemindersSentTable;
  weeklyDigestsSent: WeeklyDigestsSentTable;
  fundingSources: FundingSourcesTable;
  expenses: ExpensesTable;
  expenseDocuments: ExpenseDocumentsTable;
  claims: ClaimsTable;
  claimStatusChanges: ClaimStatusChangesTable;
  claimPayments: ClaimPaymentsTable;
  snapshots: SnapshotsTable;
  forms: FormsTable;
  formLinks: FormLinksTable;
  formResponses: FormResponsesTable;
}

export type ChildRow = Selectable<ChildrenTable>;
export type UserRow = Selectable<UsersTable>;
export type NewActivityRow = Insertable<ActivitiesTable>;
export type GoalRow = Selectable<GoalsTable>;
export type ProgressEntryRow = Selectable<ProgressEntriesTable>;
export type StrategyRow = Selectable<StrategiesTable>;
export type MedicationRow = Selectable<MedicationsTable>;
export type PersonRow = Selectable<ChildPeopleTable>;
export type ObservationRow = Selectable<ObservationsTable>;
export type MilestoneRow = Selectable<MilestonesTable>;
export type StoredObjectRow = Selectable<StoredObjectsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type ExportRow = Selectable<ExportsTable>;
export type FundingSourceRow = Selectable<FundingSourcesTable>;
export type ExpenseRow = Selectable<ExpensesTable>;
export type ClaimRow = Selectable<ClaimsTable>;
export type ClaimStatusChangeRow = Selectable<ClaimStatusChangesTable>;
export type ClaimPaymentRow = Selectable<ClaimPaymentsTable>;
export type SnapshotRow = Selectable<SnapshotsTable>;
