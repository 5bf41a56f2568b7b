import type { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error.ts';
import {
  accountNameUpdateSchema,
  authResultSchema,
  emailChangeSchema,
  metadataUpdateSchema,
  passwordChangeSchema,
  passwordResetRequestResultSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  sessionsRevokedSchema,
  signInSchema,
  signUpSchema,
  tokenResultSchema,
  userSchema,
} from '#shared/schemas/account.ts';
import {
  accountDeletedSchema,
  accountDeleteSchema,
  accountExportSchema,
  deletedWithdrawingExportsSchema,
} from '#shared/schemas/account-data.ts';
import { activitySchema } from '#shared/schemas/activity.ts';
import {
  auditEntrySchema,
  caregiverListSchema,
  caregiverSchema,
  createdInviteSchema,
  inviteAcceptedSchema,
  inviteAcceptSchema,
  inviteCreateSchema,
  invitePreviewSchema,
  roleChangeSchema,
} from '#shared/schemas/caregivers.ts';
import { childCreateSchema, childSchema, childUpdateSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import { clerkConfigSchema, featureFlagsResponseSchema } from '#shared/schemas/config.ts';
import { contactMessageSchema, contactReceiptSchema } from '#shared/schemas/contact.ts';
import { dashboardStatsSchema } from '#shared/schemas/dashboard.ts';
import {
  everyChildGoalSchema,
  everyChildObservationSchema,
  everyChildProgressSchema,
  everyChildStrategySchema,
} from '#shared/schemas/every-child.ts';
import {
  documentCreateSchema,
  documentFacetsSchema,
  documentListSchema,
  documentReplaceSchema,
  documentSchema,
  documentUpdateSchema,
  documentVersionSchema,
  storageUsageSchema,
} from '#shared/schemas/document.ts';
import {
  goalCreateSchema,
  goalDetailSchema,
  goalSchema,
  goalUpdateSchema,
  progressEntryCreateSchema,
  progressEntrySchema,
  progressEntryUpdateSchema,
} from '#shared/schemas/goal.ts';
import { guideSuggestionSchema, letterSchema } from '#shared/schemas/guide.ts';
import { medicationCreateSchema, medicationSchema, medicationUpdateSchema } from '#shared/schemas/medication.ts';
import { generationResultSchema, milestoneCreateSchema, milestoneSchema, milestoneUpdateSchema } from '#shared/schemas/milestone.ts';
import { notificationSettingsSchema, notificationSettingsUpdateSchema } from '#shared/schemas/notifications.ts';
import { observationCreateSchema, observationSchema, observationUpdateSchema, weeklyTrendSchema } from '#shared/schemas/observation.ts';
import { personCreateSchema, personSchema, personUpdateSchema } from '#shared/schemas/person.ts';
import { strategyCreateSchema, strategySchema, strategyUpdateSchema } from '#shared/schemas/strategy.ts';

/**
 * Request bodies by the name the OpenAPI document gives them. A REST operation names its body here,
 * and the server parses with exactly the schema the document was converted from.
 */
export const requestBodies = {
  ChildCreate: childCreateSchema,
  ChildUpdate: childUpdateSchema,
  SignUp: signUpSchema,
  SignIn: signInSchema,
  MetadataUpdate: metadataUpdateSchema,
  AccountNameUpdate: accountNameUpdateSchema,
  EmailChange: emailChangeSchema,
  PasswordChange: passwordChangeSchema,
  PasswordResetRequest: passwordResetRequestSchema,
  PasswordReset: passwordResetSchema,
  ContactMessage: contactMessageSchema,
  ObservationCreate: observationCreateSchema,
  ObservationUpdate: observationUpdateSchema,
  GoalCreate: goalCreateSchema,
  GoalUpdate: goalUpdateSchema,
  // The goal comes from the path.
  ProgressEntryCreate: progressEntryCreateSchema.omit({ goalId: true }),
  ProgressEntryUpdate: progressEntryUpdateSchema,
  StrategyCreate: strategyCreateSchema,
  StrategyUpdate: strategyUpdateSchema,
  MilestoneCreate: milestoneCreateSchema,
  MilestoneUpdate: milestoneUpdateSchema,
  MedicationCreate: medicationCreateSchema,
  MedicationUpdate: medicationUpdateSchema,
  PersonCreate: personCreateSchema,
  PersonUpdate: personUpdateSchema,
  DocumentCreate: documentCreateSchema,
  DocumentUpdate: documentUpdateSchema,
  DocumentReplace: documentReplaceSchema,
  AccountDelete: accountDeleteSchema,
  InviteCreate: inviteCreateSchema,
  InviteToken: inviteAcceptSchema,
  RoleChange: roleChangeSchema,
  NotificationSettingsUpdate: notificationSettingsUpdateSchema,
  Letter: letterSchema,
} as const satisfies Record<string, z.ZodType>;

/** Response bodies by their name in the document. */
export const responseBodies = {
  Child: childSchema,
  Deleted: deletedSchema,
  FeatureFlags: featureFlagsResponseSchema,
  ClerkConfig: clerkConfigSchema,
  AuthResult: authResultSchema,
  Token: tokenResultSchema,
  User: userSchema,
  SessionsRevoked: sessionsRevokedSchema,
  PasswordResetRequestResult: passwordResetRequestResultSchema,
  ContactReceipt: contactReceiptSchema,
  Observation: observationSchema,
  WeeklyTrend: weeklyTrendSchema,
  Goal: goalSchema,
  GoalDetail: goalDetailSchema,
  ProgressEntry: progressEntrySchema,
  Strategy: strategySchema,
  EveryChildObservation: everyChildObservationSchema,
  EveryChildGoal: everyChildGoalSchema,
  EveryChildProgress: everyChildProgressSchema,
  EveryChildStrategy: everyChildStrategySchema,
  Milestone: milestoneSchema,
  Medication: medicationSchema,
  Person: personSchema,
  GenerationResult: generationResultSchema,
  Activity: activitySchema,
  DashboardStats: dashboardStatsSchema,
  Document: documentSchema,
  DocumentList: documentListSchema,
  DocumentFacets: documentFacetsSchema,
  DocumentVersion: documentVersionSchema,
  StorageUsage: storageUsageSchema,
  AccountExport: accountExportSchema,
  AccountDeleted: accountDeletedSchema,
  DeletedWithdrawingExports: deletedWithdrawingExportsSchema,
  Caregiver: caregiverSchema,
  CaregiverList: caregiverListSchema,
  CreatedInvite: createdInviteSchema,
  InvitePreview: invitePreviewSchema,
  InviteAccepted: inviteAcceptedSchema,
  AuditEntry: auditEntrySchema,
  NotificationSettings: notificationSettingsSchema,
  GuideSuggestion: guideSuggestionSchema,
  Error: apiErrorSchema,
} as const satisfies Record<string, z.ZodType>;

export type RequestBodyName = keyof typeof requestBodies;
export type ResponseBodyName = keyof typeof responseBodies;
