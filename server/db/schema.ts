import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ActivityAction, ActivitySubject } from '../../shared/schemas/activity.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<Record<string, unknown>, string | undefined, string>;

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string;
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

export interface ChildrenTable {
  id: Generated<number>;
  ownerId: string;
  firstName: string;
  lastName: string | null;
  dateOfBirth: string;
  grade: string | null;
  school: string | null;
  pronouns: string | null;
  supportPlan: string | null;
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
  actorId: string;
  action: ActivityAction;
  subjectType: ActivitySubject;
  subjectId: number;
  createdAt: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  topic: string;
  message: string;
  receivedAt: Timestamp;
}

type StringList = ColumnType<string[], string[] | undefined, string[]>;
type Created = ColumnType<Date, Date | string | undefined, never>;

export interface GoalsTable {
  id: Generated<number>;
  childId: number;
  area: string;
  title: string;
  description: string | null;
  baseline: number | null;
  target: number | null;
  unit: string | null;
  targetDate: string | null;
  status: Generated<string>;
  source: Generated<string>;
  createdAt: Created;
  updatedAt: Timestamp;
}

export interface ProgressEntriesTable {
  id: Generated<number>;
  childId: number;
  goalId: number;
  recordedOn: string;
  value: number;
  note: string | null;
  createdAt: Created;
}

export interface StrategiesTable {
  id: Generated<number>;
  childId: number;
  title: string;
  description: string | null;
  whereUsed: Generated<string>;
  kind: Generated<string>;
  effectiveness: number | null;
  active: Generated<boolean>;
  createdAt: Created;
  updatedAt: Timestamp;
}

export interface StrategyGoalsTable {
  strategyId: number;
  goalId: number;
  childId: number;
}

export interface ObservationsTable {
  id: Generated<number>;
  childId: number;
  what: string;
  occurredAt: Timestamp;
  setting: Generated<string>;
  antecedent: string | null;
  behaviour: string | null;
  consequence: string | null;
  mood: number | null;
  tags: StringList;
  isWin: Generated<boolean>;
  goalId: number | null;
  createdAt: Created;
  updatedAt: Timestamp;
}

export interface MilestonesTable {
  id: Generated<number>;
  childId: number;
  title: string;
  whyItMatters: string | null;
  whatToDo: string | null;
  category: string;
  dueDate: string;
  status: Generated<string>;
  source: string;
  ruleKey: string | null;
  editedByParent: Generated<boolean>;
  createdAt: Created;
  updatedAt: Timestamp;
}

export interface DismissedMilestonesTable {
  childId: number;
  ruleKey: string;
  dismissedAt: Created;
}

/** Column names are camelCase here and snake_case in SQL (CamelCasePlugin). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  children: ChildrenTable;
  activities: ActivitiesTable;
  contactMessages: ContactMessagesTable;
  goals: GoalsTable;
  progressEntries: ProgressEntriesTable;
  strategies: StrategiesTable;
  strategyGoals: StrategyGoalsTable;
  observations: ObservationsTable;
  milestones: MilestonesTable;
  dismissedMilestones: DismissedMilestonesTable;
}

export type ChildRow = Selectable<ChildrenTable>;
export type NewChildRow = Insertable<ChildrenTable>;
export type ChildRowUpdate = Updateable<ChildrenTable>;
export type UserRow = Selectable<UsersTable>;
export type GoalRow = Selectable<GoalsTable>;
export type ProgressEntryRow = Selectable<ProgressEntriesTable>;
export type StrategyRow = Selectable<StrategiesTable>;
export type ObservationRow = Selectable<ObservationsTable>;
export type MilestoneRow = Selectable<MilestonesTable>;
