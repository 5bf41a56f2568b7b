// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChildRole } from '#shared/schemas/roles.ts';
import type { Snapshot } from '#shared/schemas/snapshot.ts';
import { getQueryKey } from '@trpc/react-query';
import { EDITOR_HEADING_ID } from '../../../client/app/features/snapshots/snapshot-editor.tsx';
import { SnapshotsScreen } from '../../../client/app/features/snapshots/snapshots-screen.tsx';
import { trpc } from '../../../client/app/trpc/trpc.ts';
import SnapshotsPage from '../../../client/app/pages/snapshots-page.tsx';
import { childFixture, fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';
import { fetchMock, renderWithFlags, serverFlags, useFakeServerFlags } from './server-flags.tsx';
import { linkFixture, snapshotFixture, withContent } from './snapshots-fixtures.ts';

useFakeServerFlags();

/** The screen over a fake API holding `snapshots` (byId answers each with its preview). */
function renderScreen(snapshots: Snapshot[], { role = 'owner' as ChildRole, answer = (_op: FakeOp): unknown => undefined } = {}) {
  const api = fakeTrpc(
    (op) => {
      const given = answer(op);
      if (given !== undefined) return given;
      if (op.path === 'snapshots.list') return snapshots;
      if (op.path === 'snapshots.byId') {
        const found = snapshots.find((snapshot) => snapshot.id === (op.input as { id: number }).id);
        return found ? withContent(found) : serverError(404, 'NOT_FOUND', 'That snapshot is not there.');
      }
      if (op.path === 'snapshots.links') return [linkFixture()];
      if (op.path === 'documents.list') return { items: [], total: 0 };
      return [];
    },
    { role },
  );
  renderWithFlags(<SnapshotsScreen firstName="Sam" />, api);
  return api;
}

const preview = () => screen.getByRole('region', { name: 'Preview' });
/** The opened snapshot's h2, not its preview's title (an h2 too, under the page's h1, with the same words). */
const editorHeading = async (name: string) => {
  const [heading] = await screen.findAllByRole('heading', { name, level: 2 });
  expect(heading?.id).toBe(EDITOR_HEADING_ID);
  return heading;
};

// A whole screen with its preview renders slowly in happy-dom when the suite runs in parallel.
describe('the snapshots screen', { timeout: 20_000 }, () => {
  it('first explains snapshots with the four audiences, and makes one from the audience chosen, focusing it', async () => {
    const made = snapshotFixture({ id: 9, audience: 'sitter' });
    const list: Snapshot[] = [];
    const api = renderScreen(list, {
      answer: (op) => {
        if (op.path !== 'snapshots.create') return undefined;
        list.push(made);
        return made;
      },
    });
    const start = await screen.findByRole('region', { name: 'Sam on one page' });
    for (const audience of ['Teacher', 'Sitter or relative', 'Doctor', 'IEP meeting']) {
      expect(within(start).getByRole('heading', { name: audience })).toBeTruthy();
    }
    fireEvent.click(within(start).getByRole('button', { name: 'Start a snapshot for Sitter or relative' }));
    await waitFor(() => expect(api.calls('snapshots.create')).toHaveLength(1));
    expect(api.calls('snapshots.create')[0]?.input).toMatchObject({ data: { audience: 'sitter' } });
    const heading = await editorHeading('Sitter or relative snapshot');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('says when the snapshots could not be loaded, and Try again asks again', async () => {
    let fail = true;
    const api = renderScreen([snapshotFixture()], {
      answer: (op) => (op.path === 'snapshots.list' && fail ? serverError(500, 'INTERNAL_SERVER_ERROR', 'boom') : undefined),
    });
    expect(await screen.findByText(/We could not load the snapshots just now/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Teacher snapshot', level: 3 })).toBeTruthy();
    expect(api.calls('snapshots.list').length).toBeGreaterThanOrEqual(2);
  });

  it('lists each snapshot with its audience, sections shown, open links and who made it', async () => {
    renderScreen([
      snapshotFixture({ activeLinks: 2 }),
      snapshotFixture({ id: 8, title: 'For the dentist', audience: 'doctor', addedBy: { name: 'Jo', isYou: false } }),
    ]);
    const teacher = await screen.findByRole('article', { name: 'Teacher snapshot' });
    expect(teacher.textContent).toContain('7 of 9 sections shown · 2 open links');
    expect(teacher.textContent).toContain('Added by you');
    const dentist = screen.getByRole('article', { name: 'For the dentist' });
    expect(dentist.textContent).toContain('Doctor');
    expect(dentist.textContent).toContain('Added by Jo');
    // The owner sees every open link, with its opens.
    const links = await screen.findByRole('region', { name: 'Open share links' });
    expect(await within(links).findByText(/Opened 3 times, last/)).toBeTruthy();
  });

  it('previews the unsaved choices: a hidden section leaves, a moved one moves (announced), wording replaces the record’s; Save sends them', async () => {
    const api = renderScreen([snapshotFixture()], { answer: (op) => (op.path === 'snapshots.update' ? snapshotFixture() : undefined) });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    await screen.findByRole('region', { name: 'Preview' });
    const previewHeadings = () =>
      within(preview())
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    // The page's h1 is the only one: the preview's title is an h2 and its sections h3.
    expect(screen.queryAllByRole('heading', { level: 1 })).toHaveLength(0);
    expect(within(preview()).getByRole('heading', { level: 2, name: 'Teacher snapshot' })).toBeTruthy();
    expect(previewHeadings()).toContain('What people like and admire about me');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show What people like and admire about me' }));
    expect(previewHeadings()).not.toContain('What people like and admire about me');

    fireEvent.click(screen.getByRole('button', { name: 'Move up (People to call)' }));
    expect(screen.getByText('People to call moved up: 6 of 9.')).toBeTruthy();
    // Focus stays with the section moved, on the same button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up (People to call)' })));
    expect(previewHeadings().indexOf('People to call')).toBeLessThan(previewHeadings().indexOf('Support plan'));

    fireEvent.click(screen.getByRole('button', { name: 'Edit wording (About me)' }));
    fireEvent.change(screen.getByLabelText(/Your wording for “About me”/), { target: { value: 'Sam loves trains and quiet corners.' } });
    expect(within(preview()).getByText('Sam loves trains and quiet corners.')).toBeTruthy();
    expect(screen.getByText('You have changes that are not saved.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save snapshot' }));
    await waitFor(() => expect(api.calls('snapshots.update')).toHaveLength(1));
    const sent = api.calls('snapshots.update')[0]?.input as {
      id: number;
      data: { sections: { key: string; visible: boolean; text: string | null }[] };
    };
    expect(sent.id).toBe(7);
    expect(sent.data.sections.map((section) => section.key).slice(4, 7)).toEqual(['goals', 'people', 'support-plan']);
    expect(sent.data.sections.find((section) => section.key === 'strengths')?.visible).toBe(false);
    expect(sent.data.sections.find((section) => section.key === 'about')?.text).toBe('Sam loves trains and quiet corners.');
  });

  it('asks before another snapshot replaces unsaved choices', async () => {
    renderScreen([snapshotFixture(), snapshotFixture({ id: 8, title: 'For the dentist', audience: 'doctor' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'For Ms. Rivera' } });
    const confirm = vi.fn<() => boolean>(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Open For the dentist' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(await editorHeading('Teacher snapshot')).toBeTruthy();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('For Ms. Rivera');
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Open For the dentist' }));
    expect(await editorHeading('For the dentist')).toBeTruthy();
  });

  it('asks for the observation window only while recent observations are shown', async () => {
    renderScreen([snapshotFixture()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    await screen.findByRole('region', { name: 'Preview' });
    expect(screen.queryByLabelText('Recent observations from')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show Recent observations' }));
    expect((screen.getByLabelText('Recent observations from') as HTMLSelectElement).value).toBe('2w');
  });

  it('gives a viewer the preview and the PDF, and no way to make, change, share or delete', async () => {
    renderScreen([snapshotFixture()], { role: 'viewer' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    await screen.findByRole('region', { name: 'Preview' });
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    for (const name of ['New snapshot', 'Share by link', 'Save snapshot', 'Delete snapshot: Teacher snapshot']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Open share links' })).toBeNull();
  });

  it('downloads the PDF on the paper chosen as "<first name> snapshot.pdf"', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Sam snapshot.pdf');
    });
    renderScreen([snapshotFixture()], { role: 'viewer' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    fireEvent.change(await screen.findByLabelText('Paper'), { target: { value: 'a4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/snapshots/7/pdf?childId=1&paper=a4');
    click.mockRestore();
  });

  it('offers Print only with FLAG_PDF_PRINT_STYLES on', async () => {
    renderScreen([snapshotFixture()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    await screen.findByRole('button', { name: 'Download PDF' });
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    cleanup();

    serverFlags({ FLAG_PDF_PRINT_STYLES: true });
    renderScreen([snapshotFixture()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    expect(await screen.findByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('says beside medications and people what is left out with FLAG_SNAPSHOT_FIX_PARENTS_MEDS off, and nothing with it on', async () => {
    renderScreen([snapshotFixture()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    await screen.findByRole('region', { name: 'Preview' });
    expect(screen.queryByText(/Medications are not shown in snapshots for now/)).toBeNull();
    cleanup();

    serverFlags({ FLAG_SNAPSHOT_FIX_PARENTS_MEDS: false });
    renderScreen([snapshotFixture()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    const medications = await screen.findByRole('checkbox', { name: 'Show Medications' });
    await waitFor(() => expect(medications.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(medications.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /Medications are not shown in snapshots for now/,
    );
    expect(screen.getByText(/Parents and guardians are left out/)).toBeTruthy();
  });

  it('shares a snapshot for the days chosen and shows the link once', async () => {
    const api = renderScreen([snapshotFixture()], {
      answer: (op) =>
        op.path === 'snapshots.share'
          ? { id: 40, link: 'https://trelli.example/snapshots/view#tok', expiresAt: '2026-12-01T10:00:00.000Z' }
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Share by link' }));
    const days = screen.getByLabelText('Days the link opens') as HTMLInputElement;
    expect(days.value).toBe('7');
    fireEvent.change(days, { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    expect(await screen.findByText('Choose from 1 to 30 days')).toBeTruthy();
    expect(api.calls('snapshots.share')).toHaveLength(0);
    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    const link = (await screen.findByLabelText('Share link')) as HTMLInputElement;
    expect(link.value).toBe('https://trelli.example/snapshots/view#tok');
    expect(api.calls('snapshots.share')[0]?.input).toMatchObject({ id: 7, data: { expiresInDays: 3 } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Share link')).toBeNull();
    // Focus goes back to the button that opened it, not to the page's start.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Share by link' })));
  });

  it('deletes a snapshot after asking, and puts focus on the list', async () => {
    const list = [snapshotFixture(), snapshotFixture({ id: 8, title: 'For the dentist' })];
    const api = renderScreen(list, {
      answer: (op) => {
        if (op.path !== 'snapshots.delete') return undefined;
        list.shift();
        return { id: 7, deleted: true };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Teacher snapshot' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete snapshot: Teacher snapshot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('snapshots.delete')).toHaveLength(1));
    const heading = await screen.findByRole('heading', { name: 'Sam’s snapshots' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Teacher snapshot' })).toBeNull());
  });
});

describe('the /snapshots page', { timeout: 20_000 }, () => {
  /** The page for a person who sees Sam and Maya, with the server's flags. */
  function renderPage(flags: Record<string, boolean>) {
    serverFlags(flags);
    const api = fakeTrpc(
      (op) => {
        if (op.path === 'everyChild.snapshots')
          return [{ ...snapshotFixture({ id: 8, childId: 2, title: 'For Maya’s coach' }), childName: 'Maya' }];
        if (op.path === 'everyChild.snapshotLinks') return [];
        if (op.path === 'snapshots.list') return [snapshotFixture()];
        if (op.path === 'snapshots.links') return [];
        return [];
      },
      { role: 'owner' },
    );
    api.queryClient.setQueryData(getQueryKey(trpc.children.list, undefined, 'query'), [
      childFixture(),
      childFixture({ id: 2, firstName: 'Maya' }),
    ]);
    renderWithFlags(<SnapshotsPage />, api);
    return api;
  }

  it('with FLAG_SCOPED_SNAPSHOTS off and two children, opens on every child’s snapshots, read-only, and one child’s on choosing it', async () => {
    renderPage({});
    expect(await screen.findByRole('article', { name: 'For Maya’s coach' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Whose snapshots' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New snapshot' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Prepare an IEP meeting pack' }).getAttribute('href')).toBe('/snapshots/meeting-pack');
    fireEvent.click(screen.getByRole('button', { name: 'Sam' }));
    expect(await screen.findByRole('article', { name: 'Teacher snapshot' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New snapshot' })).toBeTruthy();
  });

  it('with FLAG_SCOPED_SNAPSHOTS on, shows the selected child’s snapshots only', async () => {
    renderPage({ FLAG_SCOPED_SNAPSHOTS: true });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Whose snapshots' })).toBeNull());
    expect(await screen.findByRole('article', { name: 'Teacher snapshot' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'For Maya’s coach' })).toBeNull();
  });
});
