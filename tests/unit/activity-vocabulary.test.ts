import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, ACTIVITY_SUBJECTS, activityVocabularies } from '#shared/schemas/activity.ts';
import { defineActivityVocabulary, type ActivityVocabulary } from '#shared/schemas/activity-vocabulary.ts';
import type { ActivityTitle } from '../../server/core/feature.ts';
import { features } from '../../server/features.ts';

/*
 * Decision 0102: each feature declares its activity vocabulary beside its shared schema, and how the
 * feed names its subjects in its server definition; shared/schemas/activity.ts and server/features.ts
 * list them. These checks see what the types cannot: an action in two vocabularies, a vocabulary left
 * out of the list, a subject recorded or named that no vocabulary has, a subject nothing names.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Subjects the feed names no title for, each with its reason; any other subject needs exactly one
 * feature's `activityTitles`.
 */
const UNTITLED_SUBJECTS: Record<string, string> = {
  child: 'changes to the profile are about the child the feed is for',
  caregiver: 'the audit log names people with access itself (caregivers.repository.ts)',
  invite: 'the audit log names invitations itself (caregivers.repository.ts)',
  link: 'a link has no title; the audit log says what it opened',
};

/** What one server feature (or core) records and names: from its code and its definition. */
interface FeatureActivity {
  where: string;
  /** Subjects its code records (`subjectType: '...'`). */
  records: readonly string[];
  /** Actions its code records (`action: '...'`, `milestone.${status}` excepted: typed by MilestoneStatus). */
  actions: readonly string[];
  titles: readonly ActivityTitle[];
}

/** Each problem with the vocabularies listed, the ones declared, and what the features record and name. */
function vocabularyProblems(
  listed: readonly ActivityVocabulary[],
  declared: readonly ActivityVocabulary[],
  recorders: readonly FeatureActivity[],
  untitled: Record<string, string> = UNTITLED_SUBJECTS,
): string[] {
  const problems: string[] = [];
  const ownerOf = new Map<string, number>();
  listed.forEach((vocabulary, index) => {
    for (const action of [...Object.keys(vocabulary.actions), ...Object.keys(vocabulary.auditOnly)]) {
      const other = ownerOf.get(action);
      if (other !== undefined) problems.push(`${action} is in vocabularies ${other} and ${index}`);
      else ownerOf.set(action, index);
    }
  });
  const subjects = listed.flatMap((vocabulary) => (vocabulary.subject === undefined ? [] : [vocabulary.subject]));
  for (const subject of new Set(subjects))
    if (subjects.indexOf(subject) !== subjects.lastIndexOf(subject)) problems.push(`${subject} is the subject of two vocabularies`);
  for (const vocabulary of declared)
    if (!listed.includes(vocabulary))
      problems.push(`a vocabulary (${vocabulary.subject ?? Object.keys(vocabulary.actions)[0]}) is not in activity.ts's list`);
  const actions = new Set(ownerOf.keys());
  const titled = new Map<string, string[]>();
  for (const recorder of recorders) {
    for (const subject of recorder.records)
      if (!subjects.includes(subject)) problems.push(`${recorder.where} records subject ${subject}, which no listed vocabulary has`);
    for (const action of recorder.actions)
      if (!actions.has(action)) problems.push(`${recorder.where} records ${action}, which no listed vocabulary has`);
    for (const title of recorder.titles) {
      if (!subjects.includes(title.subject))
        problems.push(`${recorder.where} names subject ${title.subject}, which no listed vocabulary has`);
      if (!recorder.records.includes(title.subject)) problems.push(`${recorder.where} names subject ${title.subject} but records none`);
      titled.set(title.subject, [...(titled.get(title.subject) ?? []), recorder.where]);
    }
  }
  for (const subject of subjects) {
    const namers = titled.get(subject) ?? [];
    if (namers.length > 1) problems.push(`${subject} is named by ${namers.join(' and ')}`);
    if (namers.length === 0 && untitled[subject] === undefined) problems.push(`no feature names subject ${subject} (activityTitles)`);
    if (namers.length > 0 && untitled[subject] !== undefined) problems.push(`${subject} is named by ${namers[0]} but listed as untitled`);
  }
  return problems;
}

function sourceTexts(dir: string): string {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/** The distinct string literals given to `key:` in the code. */
const literals = (text: string, key: string) => [
  ...new Set([...text.matchAll(new RegExp(`\\b${key}: '([a-z.-]+)'`, 'g'))].map((match) => match[1] as string)),
];

/**
 * Each feature folder in server/features.ts (a folder may define several features, as reimbursements
 * does), with the code of the folder and the definitions imported from it, and core.
 */
async function recordersNow(): Promise<(FeatureActivity & { listed: boolean; features: number })[]> {
  const list = readFileSync(path.join(ROOT, 'server/features.ts'), 'utf8');
  const imported = [...list.matchAll(/from '\.\/features\/([\w-]+)\/([\w-]+)\.feature\.ts'/g)].map((match) => ({
    folder: match[1] as string,
    file: `server/features/${match[1]}/${match[2]}.feature.ts`,
  }));
  const folders = [...new Set(imported.map(({ folder }) => folder))];
  const fromFeatures = await Promise.all(
    folders.map(async (folder) => {
      const modules = await Promise.all(
        imported
          .filter((entry) => entry.folder === folder)
          .map(({ file }) => import(path.join(ROOT, file)) as Promise<Record<string, unknown>>),
      );
      const exported = modules.flatMap((module) => Object.values(module));
      const defined = features.filter((listed) => exported.includes(listed));
      const text = sourceTexts(`server/features/${folder}`);
      return {
        where: `server/features/${folder}`,
        records: literals(text, 'subjectType'),
        actions: literals(text, 'action'),
        titles: defined.flatMap((feature) => feature.activityTitles ?? []),
        listed: defined.length > 0,
        features: defined.length,
      };
    }),
  );
  const core = sourceTexts('server/core');
  return [
    ...fromFeatures,
    {
      where: 'server/core',
      records: literals(core, 'subjectType'),
      actions: literals(core, 'action'),
      titles: [],
      listed: true,
      features: 1,
    },
  ];
}

/** A vocabulary by its shape: no other export of shared/schemas has a subject, actions and audit-only actions. */
function isActivityVocabulary(value: unknown): value is ActivityVocabulary {
  return typeof value === 'object' && value !== null && 'subject' in value && 'actions' in value && 'auditOnly' in value;
}

/** Every vocabulary any shared schema exports, listed or not. */
async function declaredNow(): Promise<ActivityVocabulary[]> {
  const files = readdirSync(path.join(ROOT, 'shared/schemas')).filter((name) => name.endsWith('.ts'));
  const modules = await Promise.all(
    files.map((name) => import(path.join(ROOT, 'shared/schemas', name)) as Promise<Record<string, unknown>>),
  );
  return modules.flatMap((module) => Object.values(module).filter(isActivityVocabulary));
}

describe('activity vocabulary (decision 0102)', () => {
  it('finds what it checks', async () => {
    const recorders = await recordersNow();
    expect(recorders.reduce((sum, recorder) => sum + recorder.features, 0)).toBe(features.length + 1);
    expect(recorders.every((recorder) => recorder.listed)).toBe(true);
    expect(recorders.find((recorder) => recorder.where === 'server/features/goals')?.records).toContain('progress');
    expect(recorders.flatMap((recorder) => recorder.titles).length).toBeGreaterThan(5);
    expect((await declaredNow()).length).toBe(activityVocabularies.length);
  });

  it('has each action in one vocabulary, every vocabulary listed, and every subject recorded, listed and named', async () => {
    expect(vocabularyProblems(activityVocabularies, await declaredNow(), await recordersNow())).toEqual([]);
    expect(new Set(ACTIVITY_ACTIONS).size).toBe(ACTIVITY_ACTIONS.length);
    expect(new Set(ACTIVITY_SUBJECTS).size).toBe(ACTIVITY_SUBJECTS.length);
  });
});

describe('the activity vocabulary checks catch what they forbid', () => {
  const note = defineActivityVocabulary({ subject: 'note', actions: { 'note.created': 'Note written' } });
  const noteTitle: ActivityTitle = { subject: 'note' as ActivityTitle['subject'], table: 'observations', title: 'what', shows: {} };
  const noteFeature: FeatureActivity = { where: 'notes', records: ['note'], actions: ['note.created'], titles: [noteTitle] };
  const noUntitled = {};

  it('passes a made-up setup that keeps the rules', () => {
    expect(vocabularyProblems([note], [note], [noteFeature], noUntitled)).toEqual([]);
  });

  it('flags an action in two vocabularies', () => {
    const again = defineActivityVocabulary({ subject: 'memo', auditOnly: { 'note.created': 'Note written again' } });
    expect(vocabularyProblems([note, again], [note, again], [noteFeature], { memo: 'none' })).toEqual([
      'note.created is in vocabularies 0 and 1',
    ]);
  });

  it('flags a vocabulary declared but not listed', () => {
    const memo = defineActivityVocabulary({ subject: 'memo', actions: { 'memo.created': 'Memo written' } });
    expect(vocabularyProblems([note], [note, memo], [noteFeature], noUntitled)).toEqual([
      "a vocabulary (memo) is not in activity.ts's list",
    ]);
  });

  it('flags a subject or action a feature records that no listed vocabulary has', () => {
    const memos: FeatureActivity = { where: 'memos', records: ['memo'], actions: ['memo.created'], titles: [] };
    expect(vocabularyProblems([note], [note], [noteFeature, memos], noUntitled)).toEqual([
      'memos records subject memo, which no listed vocabulary has',
      'memos records memo.created, which no listed vocabulary has',
    ]);
  });

  it('flags a subject listed that no feature names, or that two name', () => {
    expect(vocabularyProblems([note], [note], [{ ...noteFeature, titles: [] }], noUntitled)).toEqual([
      'no feature names subject note (activityTitles)',
    ]);
    expect(vocabularyProblems([note], [note], [noteFeature, { ...noteFeature, where: 'again' }], noUntitled)).toEqual([
      'note is named by notes and again',
    ]);
  });

  it('flags a title for a subject the feature does not record', () => {
    expect(vocabularyProblems([note], [note], [{ ...noteFeature, records: [] }], noUntitled)).toEqual([
      'notes names subject note but records none',
    ]);
  });
});
