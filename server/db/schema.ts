import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  action: string;
  subjectType: string;
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

/** Column names are camelCase here and snake_case in SQL (CamelCasePlugin). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  children: ChildrenTable;
  activities: ActivitiesTable;
  contactMessages: ContactMessagesTable;
}

export type ChildRow = Selectable<ChildrenTable>;
export type NewChildRow = Insertable<ChildrenTable>;
export type ChildRowUpdate = Updateable<ChildrenTable>;
export type UserRow = Selectable<UsersTable>;
