import { describe, expect, it } from 'vitest';
import { defaultSections } from '#shared/schemas/snapshot.ts';
import {
  draftChanged,
  draftOf,
  moveAnnouncement,
  moveSection,
  previewOf,
  showsRecentObservations,
  snapshotName,
  snapshotPdfUrl,
  updateOf,
  withText,
  withVisible,
} from '../../../client/app/features/snapshots/snapshot-draft.ts';
import { snapshotPdfFileName } from '../../../client/components/snapshot/paper.ts';
import { linkDays } from '../../../client/app/features/snapshots/share-dialog.tsx';
import { queriesToRefresh } from '../../../client/lib/refresh-map.ts';
import { snapshotFixture, withContent } from './snapshots-fixtures.ts';

const keys = (sections: readonly { key: string }[]) => sections.map((section) => section.key);

describe('ordering the sections', () => {
  const sections = defaultSections('teacher');

  it('moves a section one place up or down, and leaves the order alone at either end', () => {
    expect(keys(moveSection(sections, 1, -1)).slice(0, 3)).toEqual(['strengths', 'about', 'what-helps']);
    expect(keys(moveSection(sections, 0, 1)).slice(0, 3)).toEqual(['strengths', 'about', 'what-helps']);
    expect(keys(moveSection(sections, 0, -1))).toEqual(keys(sections));
    expect(keys(moveSection(sections, sections.length - 1, 1))).toEqual(keys(sections));
    // Nothing is lost or doubled.
    expect([...keys(moveSection(sections, 4, 1))].sort()).toEqual([...keys(sections)].sort());
  });

  it('says where the section went, for a screen reader', () => {
    const moved = moveSection(sections, 1, -1);
    expect(moveAnnouncement(moved, 'strengths', -1)).toBe('What people like and admire about me moved up: 1 of 9.');
    expect(moveAnnouncement(moveSection(sections, 0, 1), 'about', 1)).toBe('About me moved down: 2 of 9.');
  });
});

describe('what Save sends', () => {
  it('sends every section in the order shown, shown or hidden, with empty wording as the record’s', () => {
    let draft = draftOf(snapshotFixture());
    draft = { ...draft, sections: withVisible(draft.sections, 'people', false) };
    draft = { ...draft, sections: withText(draft.sections, 'strengths', '  Sam is the first to help.  ') };
    draft = { ...draft, sections: withText(draft.sections, 'about', '   ') };
    draft = { ...draft, sections: moveSection(draft.sections, 1, -1), title: '  For Ms. Rivera ' };
    const sent = updateOf(draft);
    expect(sent.title).toBe('For Ms. Rivera');
    expect(sent.sections?.map((section) => section.key)).toEqual(keys(draft.sections));
    expect(sent.sections?.find((section) => section.key === 'people')).toEqual({ key: 'people', visible: false, text: null });
    expect(sent.sections?.find((section) => section.key === 'strengths')?.text).toBe('Sam is the first to help.');
    expect(sent.sections?.find((section) => section.key === 'about')?.text).toBeNull();
    expect(updateOf({ ...draft, title: '   ' }).title).toBeNull();
  });

  it('counts a change as unsaved only when it says something new', () => {
    const saved = draftOf(snapshotFixture());
    expect(draftChanged({ ...saved, title: '  ' }, saved)).toBe(false);
    expect(draftChanged({ ...saved, sections: withText(saved.sections, 'about', '') }, saved)).toBe(false);
    expect(draftChanged({ ...saved, sections: withVisible(saved.sections, 'medications', true) }, saved)).toBe(true);
    expect(draftChanged({ ...saved, sections: moveSection(saved.sections, 2, 1) }, saved)).toBe(true);
    expect(draftChanged({ ...saved, recentWindow: '8w' }, saved)).toBe(true);
  });
});

describe('the live preview', () => {
  const snapshot = snapshotFixture();
  const preview = withContent(snapshot).preview;

  it('shows the visible sections only, in the draft’s order, with the draft’s wording', () => {
    let draft = draftOf(snapshot);
    draft = { ...draft, sections: withVisible(draft.sections, 'strengths', false) };
    draft = { ...draft, sections: withVisible(draft.sections, 'medications', true) };
    draft = { ...draft, sections: withText(draft.sections, 'about', 'Sam loves trains.') };
    draft = {
      ...draft,
      sections: moveSection(
        draft.sections,
        draft.sections.findIndex((section) => section.key === 'people'),
        -1,
      ),
    };
    const view = previewOf(preview, draft);
    expect(keys(view.sections)).toEqual(keys(draft.sections.filter((section) => section.visible)));
    expect(keys(view.sections)).not.toContain('strengths');
    expect(keys(view.sections)).toContain('medications');
    expect(view.sections.find((section) => section.key === 'about')?.text).toBe('Sam loves trains.');
    expect(view.sections.find((section) => section.key === 'goals')?.text).toBeNull();
  });

  it('leaves out a section the server left out (medications with FLAG_SNAPSHOT_FIX_PARENTS_MEDS off)', () => {
    const withoutMeds = { ...preview, sections: preview.sections.filter((section) => section.key !== 'medications') };
    const draft = draftOf(snapshot);
    const view = previewOf(withoutMeds, { ...draft, sections: withVisible(draft.sections, 'medications', true) });
    expect(keys(view.sections)).not.toContain('medications');
  });

  it('names the snapshot by the unsaved title, else by its audience, and follows the photo choice', () => {
    const draft = draftOf(snapshot);
    expect(previewOf(preview, { ...draft, title: 'For Ms. Rivera' }).title).toBe('For Ms. Rivera');
    expect(previewOf(preview, { ...draft, audience: 'sitter' }).title).toBe('Sitter or relative snapshot');
    expect(previewOf(preview, { ...draft, photoDocumentId: 4 }).hasPhoto).toBe(true);
    expect(snapshotName({ title: null, audience: 'iep-meeting' })).toBe('IEP meeting snapshot');
  });

  it('asks for the observation window only while recent observations are shown', () => {
    const draft = draftOf(snapshot);
    expect(showsRecentObservations(draft)).toBe(false);
    expect(showsRecentObservations({ sections: withVisible(draft.sections, 'recent-observations', true) })).toBe(true);
  });
});

describe('downloads and links', () => {
  it('asks the server for the saved snapshot on the paper chosen, saved under the child’s first name', () => {
    expect(snapshotPdfUrl(7, 1, 'a4')).toBe('/api/snapshots/7/pdf?childId=1&paper=a4');
    expect(snapshotPdfFileName('Sam')).toBe('Sam snapshot.pdf');
  });

  it('takes from 1 to 30 whole days for a link', () => {
    expect(linkDays('7')).toBe(7);
    expect(linkDays('1')).toBe(1);
    expect(linkDays('30')).toBe(30);
    for (const wrong of ['0', '31', '2.5', '', 'abc', '-3']) expect(linkDays(wrong)).toBeNull();
  });
});

describe('what a change refreshes', () => {
  it('refreshes an open preview when the record it is built from changes, and the lists when a link is made or ended', () => {
    for (const change of [
      'goals.addProgress',
      'observations.create',
      'strategies.update',
      'medications.create',
      'people.delete',
      'children.update',
    ] as const) {
      expect(queriesToRefresh(change)).toContain('snapshots.byId');
    }
    // The list counts each snapshot's open links; the owner's list of links changes too.
    expect(queriesToRefresh('snapshots.share')).toEqual(expect.arrayContaining(['snapshots.list', 'snapshots.links']));
    expect(queriesToRefresh('snapshots.revokeLink')).toEqual(expect.arrayContaining(['snapshots.list', 'snapshots.links']));
    expect(queriesToRefresh('snapshots.delete')).toEqual(expect.arrayContaining(['snapshots.list', 'snapshots.links']));
  });
});
