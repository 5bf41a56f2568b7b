/**
 * One feature's words in the activity log (decision 0102): the kind of record its changes are about,
 * and each action it records with what the screen calls it. Each feature declares its own beside its
 * schema; shared/schemas/activity.ts lists them all. This file imports nothing, so a feature's schema
 * can declare its vocabulary without importing activity.ts, which imports every vocabulary.
 */
export interface ActivityVocabulary<Subject extends string = string, Action extends string = string, AuditOnly extends string = string> {
  /** What its changes are about (the activity's `subjectType`); none when it records changes to another's subject. */
  readonly subject: Subject | undefined;
  /** Actions shown in the activity feed and the audit log, each with its label. */
  readonly actions: Readonly<Record<Action, string>>;
  /** Actions only the child's owners see, in the audit log (decision 0044), each with its label. */
  readonly auditOnly: Readonly<Record<AuditOnly, string>>;
}

/** Declares a vocabulary, keeping each action as its literal, so the list's `ActivityAction` is a union of them. */
export function defineActivityVocabulary<
  const Subject extends string = never,
  const Action extends `${string}.${string}` = never,
  const AuditOnly extends `${string}.${string}` = never,
>(vocabulary: {
  subject?: Subject;
  actions?: Record<Action, string>;
  auditOnly?: Record<AuditOnly, string>;
}): ActivityVocabulary<Subject, Action, AuditOnly> {
  return {
    subject: vocabulary.subject,
    actions: vocabulary.actions ?? ({} as Record<Action, string>),
    auditOnly: vocabulary.auditOnly ?? ({} as Record<AuditOnly, string>),
  };
}

type SubjectOfOne<V> = V extends ActivityVocabulary<infer Subject, string, string> ? Subject : never;
type ActionOfOne<V> = V extends ActivityVocabulary<string, infer Action, infer AuditOnly> ? Action | AuditOnly : never;
type AuditOnlyOfOne<V> = V extends ActivityVocabulary<string, string, infer AuditOnly> ? AuditOnly : never;

/** The subjects the vocabularies in `List` name. */
export type SubjectOf<List extends readonly ActivityVocabulary[]> = SubjectOfOne<List[number]>;
/** Every action of the vocabularies in `List`, feed and audit-only. */
export type ActionOf<List extends readonly ActivityVocabulary[]> = ActionOfOne<List[number]>;
/** The audit-only actions of the vocabularies in `List`. */
export type AuditOnlyOf<List extends readonly ActivityVocabulary[]> = AuditOnlyOfOne<List[number]>;

/** A list read at run time, typed by its members (z.enum needs at least one). */
export type NonEmpty<T> = readonly [T, ...T[]];

/*
 * The list's parts, in its order. Object.keys loses the literals, so each is typed here, once: the
 * vocabularies' own types say which strings they hold.
 */

/** The subjects of `list`. */
export function subjectsOf<const List extends readonly ActivityVocabulary[]>(list: List): NonEmpty<SubjectOf<List>> {
  return list.flatMap((vocabulary) => (vocabulary.subject === undefined ? [] : [vocabulary.subject])) as unknown as NonEmpty<
    SubjectOf<List>
  >;
}

/** The audit-only actions of `list`. */
export function auditOnlyOf<const List extends readonly ActivityVocabulary[]>(list: List): NonEmpty<AuditOnlyOf<List>> {
  return list.flatMap((vocabulary) => Object.keys(vocabulary.auditOnly)) as unknown as NonEmpty<AuditOnlyOf<List>>;
}

/** Every action of `list`: the feed's, then the audit log's only. */
export function actionsOf<const List extends readonly ActivityVocabulary[]>(list: List): NonEmpty<ActionOf<List>> {
  return [...list.flatMap((vocabulary) => Object.keys(vocabulary.actions)), ...auditOnlyOf(list)] as unknown as NonEmpty<ActionOf<List>>;
}

/** Each action of `list` with its label. */
export function labelsOf<const List extends readonly ActivityVocabulary[]>(list: List): Readonly<Record<ActionOf<List>, string>> {
  return Object.fromEntries(
    list.flatMap((vocabulary) => [...Object.entries(vocabulary.actions), ...Object.entries(vocabulary.auditOnly)]),
  ) as Record<ActionOf<List>, string>;
}
