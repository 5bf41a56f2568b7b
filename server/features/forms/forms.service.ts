import { answerIssues, type AnswerValue } from '#shared/form-answers.ts';
import {
  FORM_LIMITS,
  type CreatedFormLink,
  type Form,
  type FormCreate,
  type FormFillView,
  type FormLink,
  type FormLinkCreate,
  type FormQuestion,
  type FormQuestionInput,
  type FormUpdate,
} from '#shared/schemas/form.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import { readChildNow } from '../../core/child-now.repository.ts';
import { requireChildGoals, type ChildScope } from '../../core/child-scope.ts';
import type { Mailer } from '../../core/mail.ts';
import { recordActivity, recordChange } from '../../core/record-change.ts';
import {
  LINK_NOT_VALID,
  createLink,
  grantedId,
  openLink,
  openLinksOf,
  readingScopeOf,
  revokeGrantLinks,
  revokeLink,
  type LinkScope,
  type OpenLink,
} from '../../core/share-links.ts';
import type { Db } from '../../db/database.ts';
import type { StoredFormAnswer, StoredFormQuestion } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChildrenService } from '../children/children.service.ts';
import type { GoalsService } from '../goals/goals.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as forms from './forms.repository.ts';
import type { FormLinkRecipient, FormRow } from './forms.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const GRANT = 'form';
const PURPOSE = 'form-fill';
const NO_FORM = 'Form';

/** Each goal's unit now, by goal id (a question tied to a goal takes its unit, decision 0109). */
type GoalUnits = ReadonlyMap<number, string | null>;

/** A stored question as read: its unit the goal's when it is tied to one still there; a goal gone unties it. */
function toQuestion(question: StoredFormQuestion, units: GoalUnits): FormQuestion {
  const tied = question.goalId !== null && units.has(question.goalId);
  return {
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    goalId: tied ? question.goalId : null,
    required: question.required,
    unit: tied ? (units.get(question.goalId as number) ?? null) : question.unit,
    scaleLow: question.scaleLow,
    scaleHigh: question.scaleHigh,
  };
}

function toStoredQuestion(question: FormQuestionInput, units: GoalUnits): StoredFormQuestion {
  const goalId = question.goalId ?? null;
  return {
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    goalId,
    required: question.required ?? false,
    // Kept as a copy for when the goal is gone; while it is there, reading takes the goal's.
    unit: goalId !== null ? (units.get(goalId) ?? null) : (question.unit ?? null),
    scaleLow: question.scaleLow ?? null,
    scaleHigh: question.scaleHigh ?? null,
  };
}

export function toForm(
  row: FormRow,
  counts: { activeLinks: number; pendingResponses: number },
  units: GoalUnits,
  authorOf: AuthorOf,
): Form {
  return {
    id: row.id,
    childId: row.childId,
    title: row.title,
    intro: row.intro,
    template: row.template,
    questions: row.questions.map((question) => toQuestion(question, units)),
    activeLinks: counts.activeLinks,
    pendingResponses: counts.pendingResponses,
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A single-use link works until it brings its one answer (reading the form does not spend it). */
const usedUp = (link: Pick<OpenLink, 'singleUse' | 'uses'>) => link.singleUse && link.uses > 0;

export interface FormsDeps {
  db: Db;
  appUrl: string;
  /** APP_ORIGIN: without it a link is not emailed, naming an address only this machine may reach. */
  appOrigin: string | undefined;
  mailer: Mailer;
  children: Pick<ChildrenService, 'profile'>;
  goals: Pick<GoalsService, 'list'>;
  notifications: Pick<NotificationsService, 'formAnswerArrived'>;
  now?: () => Date;
}

/**
 * Smart forms (issue 28, decision 0109): the parent's questions, each optionally tied to one of the
 * child's goals, and fill links (share links of purpose `form-fill`, decision 0089) each made for one
 * recipient. Read by every caregiver, written by updaters, deleted, shared and revoked by owners. A link
 * shows the form and the child's first name, nothing else, and takes one answer (a response) per use.
 */
export function createFormsService(deps: FormsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The units of the child's goals as they are now. */
  async function goalUnits(scope: ChildScope): Promise<GoalUnits> {
    return new Map((await deps.goals.list(scope)).map((goal) => [goal.id, goal.unit]));
  }

  /** The child's fill links still open (not turned off, not expired, not used up), each with its recipient. */
  async function openFormLinks(trx: Db, scope: ChildScope, at: Date) {
    const [open, recipients] = await Promise.all([openLinksOf(trx, scope, PURPOSE, at), forms.linkRecipients(trx, scope.childId)]);
    return open.flatMap((link) => {
      const recipient = recipients.get(link.id);
      return link.grantType === GRANT && recipient && !usedUp(link) ? [{ link, recipient }] : [];
    });
  }

  async function toForms(scope: ChildScope, rows: FormRow[]): Promise<Form[]> {
    const [links, pending, units, authorOf] = await Promise.all([
      openFormLinks(db, scope, now()),
      forms.pendingCounts(db, scope.childId),
      goalUnits(scope),
      authorsFor(
        db,
        scope,
        rows.map((row) => row.createdBy),
      ),
    ]);
    return rows.map((row) =>
      toForm(
        row,
        {
          activeLinks: links.filter(({ link }) => link.grantId === row.id).length,
          pendingResponses: pending.get(row.id) ?? 0,
        },
        units,
        authorOf,
      ),
    );
  }

  async function requireForm(trx: Db, scope: ChildScope, id: number): Promise<FormRow> {
    const row = await forms.findForm(trx, scope.childId, id);
    if (!row) throw AppError.notFound(NO_FORM);
    return row;
  }

  /** Each goal a question is tied to must be one of the child's (400 naming the question's field). */
  async function checkGoals(trx: Db, scope: ChildScope, questions: readonly FormQuestionInput[] | undefined): Promise<void> {
    if (!questions) return;
    const tied = questions.flatMap((question, index) => (question.goalId == null ? [] : [{ goalId: question.goalId, index }]));
    await requireChildGoals(
      trx,
      scope,
      tied.map((question) => question.goalId),
      (at) => `questions.${tied[at]?.index ?? 0}.goalId`,
    );
  }

  /** Sends the link to the address given, when this server sends mail from its own address; the address is not kept. */
  async function emailLink(scope: ChildScope, to: string | undefined, link: string, form: FormRow, expiresAt: Date): Promise<boolean> {
    if (!to || !deps.mailer.configured || deps.appOrigin === undefined) return false;
    const [child, authorOf] = await Promise.all([deps.children.profile(db, scope), authorsFor(db, scope, [scope.userId])]);
    const sender = authorOf(scope.userId)?.name ?? 'A parent';
    const until = expiresAt.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const sent = await deps.mailer.send(
      {
        to,
        subject: `${sender} asks you a few questions about ${child.firstName}`,
        text: [
          `${sender} would like your answers to "${form.title}", about ${child.firstName}.`,
          '',
          `Open this link to answer (no account needed; it works until ${until}):`,
          link,
          '',
          'If you were not expecting this, you can ignore this email.',
        ].join('\n'),
      },
      'form link',
    );
    return sent === 'sent';
  }

  /** The form a link opens, of the link's child; NOT_FOUND when it is gone. */
  async function linkedForm(
    trx: Db,
    link: LinkScope,
  ): Promise<{ row: FormRow; recipient: Omit<FormLinkRecipient, 'linkId' | 'responses'> }> {
    const [row, recipient] = await Promise.all([
      forms.findForm(trx, link.childId, grantedId(link, GRANT)),
      forms.findLinkRecipient(trx, link.linkId),
    ]);
    if (!row || !recipient) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
    return { row, recipient };
  }

  return {
    async list(scope: ChildScope): Promise<Form[]> {
      return toForms(scope, await forms.listForms(db, scope.childId));
    },

    async byId(scope: ChildScope, id: number): Promise<Form> {
      return (await toForms(scope, [await requireForm(db, scope, id)]))[0] as Form;
    },

    async create(scope: ChildScope, input: FormCreate): Promise<Form> {
      const units = await goalUnits(scope);
      const row = await recordChange(db, scope, { action: 'form.created', subjectType: 'form' }, async (trx) => {
        if ((await forms.countForms(trx, scope.childId)) >= FORM_LIMITS.formsPerChild) {
          throw new AppError(
            'CONFLICT',
            `A child can have at most ${FORM_LIMITS.formsPerChild} forms. Delete one you no longer use to make another.`,
          );
        }
        await checkGoals(trx, scope, input.questions);
        return forms.insertForm(trx, scope.childId, {
          title: input.title,
          intro: input.intro || null,
          template: input.template ?? null,
          questions: input.questions.map((question) => toStoredQuestion(question, units)),
          createdBy: scope.userId,
        });
      });
      return toForm(row, { activeLinks: 0, pendingResponses: 0 }, units, await authorsFor(db, scope, [row.createdBy]));
    },

    /** Changes the fields sent; questions sent replace the list. Responses keep the questions as they were asked. */
    async update(scope: ChildScope, id: number, patch: FormUpdate): Promise<Form> {
      const units = await goalUnits(scope);
      const row = await recordChange(db, scope, { action: 'form.updated', subjectType: 'form' }, async (trx) => {
        const current = await forms.lockForm(trx, scope.childId, id);
        if (!current) throw AppError.notFound(NO_FORM);
        await checkGoals(trx, scope, patch.questions);
        const updated = await forms.updateForm(
          trx,
          scope.childId,
          id,
          {
            title: patch.title ?? current.title,
            intro: patch.intro === undefined ? current.intro : patch.intro || null,
            template: patch.template === undefined ? current.template : patch.template,
            questions:
              patch.questions === undefined ? current.questions : patch.questions.map((question) => toStoredQuestion(question, units)),
          },
          now(),
        );
        if (!updated) throw AppError.notFound(NO_FORM);
        return updated;
      });
      return (await toForms(scope, [row]))[0] as Form;
    },

    /** Deletes the form (its links' rows and responses go with it) and turns off its links in the same transaction. */
    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'form.removed', subjectType: 'form' }, async (trx) => {
        if (!(await forms.lockForm(trx, scope.childId, id))) throw AppError.notFound(NO_FORM);
        await revokeGrantLinks(trx, scope, { type: GRANT, id }, now());
        await forms.deleteForm(trx, scope.childId, id);
        return { id };
      });
      return { id, deleted: true };
    },

    /** The child's open fill links, newest first; one form's when `formId` is given. */
    async links(scope: ChildScope, formId?: number): Promise<FormLink[]> {
      if (formId !== undefined) await requireForm(db, scope, formId);
      const [open, rows] = await Promise.all([openFormLinks(db, scope, now()), forms.listForms(db, scope.childId)]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const authorOf = await authorsFor(
        db,
        scope,
        open.map(({ link }) => link.createdBy),
      );
      return open.flatMap(({ link, recipient }) => {
        const form = byId.get(link.grantId);
        if (!form || (formId !== undefined && form.id !== formId)) return [];
        return [
          {
            id: link.id,
            formId: form.id,
            formTitle: form.title,
            recipientName: recipient.recipientName,
            recipientRole: recipient.recipientRole,
            singleUse: link.singleUse,
            createdAt: link.createdAt.toISOString(),
            expiresAt: link.expiresAt.toISOString(),
            opens: link.uses,
            lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
            responses: recipient.responses,
            addedBy: authorOf(link.createdBy),
          },
        ];
      });
    },

    /**
     * A fill link to the form for one recipient, for `expiresInDays` days: the whole URL (token after
     * `#`) is answered once, and emailed to `recipientEmail` when this server sends mail.
     */
    async share(scope: ChildScope, id: number, input: FormLinkCreate): Promise<CreatedFormLink> {
      const days = input.expiresInDays ?? FORM_LIMITS.linkDefaultDays;
      const at = now();
      const { form, link } = await recordChange(db, scope, { action: 'form.sent', subjectType: 'form' }, async (trx) => {
        const row = await forms.lockForm(trx, scope.childId, id);
        if (!row) throw AppError.notFound(NO_FORM);
        if (row.questions.length === 0) {
          throw new AppError('BAD_REQUEST', 'Add a question before sending this form', [
            { path: 'questions', message: 'Add at least one question before sending this form' },
          ]);
        }
        const open = (await openFormLinks(trx, scope, at)).filter(({ link: item }) => item.grantId === id).length;
        if (open >= FORM_LIMITS.activeLinksPerForm) {
          throw new AppError(
            'CONFLICT',
            `This form already has ${FORM_LIMITS.activeLinksPerForm} open links. Turn one off to make another.`,
          );
        }
        const made = await createLink(
          trx,
          scope,
          {
            purpose: PURPOSE,
            grant: { type: GRANT, id },
            singleUse: input.singleUse ?? false,
            expiresAt: new Date(at.getTime() + days * DAY_MS),
          },
          at,
        );
        await forms.insertFormLink(trx, {
          linkId: made.id,
          formId: id,
          childId: scope.childId,
          recipientName: input.recipientName,
          recipientRole: input.recipientRole,
        });
        return { id, form: row, link: made };
      });
      const url = `${deps.appUrl}/forms/${id}/fill#${link.token}`;
      const emailed = await emailLink(scope, input.recipientEmail, url, form, link.expiresAt);
      return { id: link.id, link: url, expiresAt: link.expiresAt.toISOString(), emailed };
    },

    /** Turns off one of the child's fill links at once. */
    async revokeLink(scope: ChildScope, linkId: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'form.link-revoked', subjectType: 'form' }, async (trx) => {
        const grant = await revokeLink(trx, scope, linkId, now(), PURPOSE);
        return { id: grant.id };
      });
      return { id: linkId, deleted: true };
    },

    /**
     * What a fill link shows: the form, the child's first name and the recipient's own name; nothing
     * else of the record (a goal's title does not travel, only its unit). Reading does not spend a
     * single-use link.
     */
    async fillView(token: string): Promise<FormFillView> {
      const link = await openLink(db, token, PURPOSE, now(), 'read');
      const scope = readingScopeOf(link);
      const [{ row, recipient }, child, units] = await Promise.all([
        linkedForm(db, link),
        deps.children.profile(db, scope),
        goalUnits(scope),
      ]);
      return {
        title: row.title,
        intro: row.intro,
        firstName: child.firstName,
        recipientName: recipient.recipientName,
        recipientRole: recipient.recipientRole,
        expiresAt: link.expiresAt.toISOString(),
        singleUse: link.singleUse,
        questions: row.questions.map((question) => {
          const { goalId: _goalId, ...shown } = toQuestion(question, units);
          return shown;
        }),
      };
    },

    /**
     * Takes one answer through a fill link: checked against each question's kind (400 naming the
     * question), kept as a new response with the questions as they were asked, and the link's use
     * counted in the same transaction (a single-use link is spent by it, or not at all). The audit log
     * notes `link.answered`, never what was answered; the parent is told after the commit.
     */
    async answer(token: string, answers: readonly { questionId: string; value: AnswerValue }[]): Promise<{ answeredAt: string }> {
      const at = now();
      const arrived = await db.transaction().execute(async (trx) => {
        const link = await openLink(trx, token, PURPOSE, at, 'spend');
        const { row, recipient } = await linkedForm(trx, link);
        const issues = answerIssues(row.questions, answers);
        if (issues.length > 0) {
          throw new AppError(
            'BAD_REQUEST',
            'Some answers need attention',
            issues.map((issue) => ({ path: `answers.${issue.questionId}`, message: issue.message })),
          );
        }
        // In this transaction: the goals' units now (active goals), else the copy the form kept.
        const { activeGoals } = await readChildNow(trx, link.childId, { activeGoals: true });
        const units = new Map(activeGoals.map((goal) => [goal.id, goal.unit]));
        const given = new Map(answers.map((answer) => [answer.questionId, answer.value]));
        const stored: StoredFormAnswer[] = row.questions.map((question) => {
          const value = given.get(question.id) ?? null;
          return {
            questionId: question.id,
            kind: question.kind,
            prompt: question.prompt,
            unit: toQuestion(question, units).unit,
            goalId: question.goalId,
            value: typeof value === 'string' ? value.trim() || null : value,
          };
        });
        const responseId = await forms.insertResponse(trx, {
          childId: link.childId,
          formId: row.id,
          linkId: link.linkId,
          recipientName: recipient.recipientName,
          recipientRole: recipient.recipientRole,
          answers: stored,
          answeredAt: at,
        });
        await recordActivity(trx, {
          ownerId: link.ownerId,
          childId: link.childId,
          actorId: null,
          action: 'link.answered',
          subjectType: 'link',
          subjectId: link.linkId,
        });
        return {
          ownerId: link.ownerId,
          childId: link.childId,
          formId: row.id,
          responseId,
          formTitle: row.title,
          recipientName: recipient.recipientName,
          recipientRole: recipient.recipientRole,
        };
      });
      await deps.notifications.formAnswerArrived(arrived);
      return { answeredAt: at.toISOString() };
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
