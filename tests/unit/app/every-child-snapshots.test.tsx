// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSections, type Snapshot, type SnapshotLink } from '#shared/schemas/snapshot.ts';
import { EveryChildSnapshots } from '../../../client/app/features/snapshots/every-child-snapshots.tsx';
import type { EveryChildView } from '../../../client/app/hooks/use-every-child-view.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';

const snapshot = (
  id: number,
  childId: number,
  childName: string,
  title: string | null,
  updatedAt: string,
): Snapshot & { childName: string } => ({
  id,
  childId,
  childName,
  audience: 'teacher',
  title,
  sections: defaultSections('teacher'),
  recentWindow: '2w',
  photoDocumentId: null,
  activeLinks: id === 1 ? 1 : 0,
  addedBy: { name: 'Ana', isYou: true },
  createdAt: updatedAt,
  updatedAt,
});

const link: SnapshotLink & { childName: string; childId: number } = {
  id: 9,
  childId: 1,
  childName: 'Maya',
  snapshotId: 1,
  snapshotTitle: 'For Ms. Rivera',
  audience: 'teacher',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  opens: 3,
  lastOpenedAt: '2026-11-21T10:00:00.000Z',
  addedBy: { name: 'Ana', isYou: true },
};

const everyChildAnswer = (op: FakeOp): unknown => {
  if (op.path === 'everyChild.snapshots') {
    return [snapshot(1, 1, 'Maya', 'For Ms. Rivera', '2026-11-01T10:00:00.000Z'), snapshot(2, 2, 'Sam', null, '2026-11-15T10:00:00.000Z')];
  }
  if (op.path === 'everyChild.snapshotLinks') return [link];
  return [];
};

function everyChildView(everyChild = true): EveryChildView {
  return { offered: true, everyChild, showEveryChild: vi.fn<() => void>(), showChild: vi.fn<(childId: number) => void>() };
}

function renderList(answer: (op: FakeOp) => unknown = everyChildAnswer, view = everyChildView()) {
  const api = fakeTrpc(answer, { role: 'owner', child: { firstName: 'Maya' } });
  render(<EveryChildSnapshots view={view} />, { wrapper: api.wrapper });
  return { ...api, view };
}

beforeEach(() => setSelectedChildId(1));
afterEach(() => cleanup());

describe("every child's snapshots (FLAG_SCOPED_SNAPSHOTS off, two children)", () => {
  it('lists every child\u2019s snapshots newest first and their open links, each named by its child, with nothing to change', async () => {
    renderList();
    const snapshots = await screen.findByRole('region', { name: "Every child's snapshots" });
    const rows = await within(snapshots).findAllByRole('article');
    expect(
      rows.map((row) => [
        within(row).getByText(/^About/, { selector: 'span' }).parentElement?.textContent,
        within(row).getByRole('heading').textContent,
      ]),
    ).toEqual([
      ['About Sam', 'Teacher snapshot'],
      ['About Maya', 'For Ms. Rivera'],
    ]);
    expect(within(rows[1] as HTMLElement).getByText(/1 open link/)).toBeTruthy();

    const links = screen.getByRole('region', { name: 'Open share links, every child' });
    const linkRow = await within(links).findByRole('article', { name: 'For Ms. Rivera' });
    expect(linkRow.textContent).toContain('About Maya');
    expect(linkRow.textContent).toContain('Opened 3 times');
    // Read-only: changed, shared and turned off in one child's view.
    for (const name of [/turn off/i, /delete/i, /share/i, /edit/i, /^open$/i]) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('a snapshot\u2019s button shows its child\u2019s snapshots (selecting that child)', async () => {
    const { view } = renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Open in Sam\u2019s snapshots: Teacher snapshot' }));
    expect(view.showChild).toHaveBeenCalledWith(2);
  });

  it('in one child\u2019s view, shows nothing and asks for nothing', () => {
    const { ops } = renderList(everyChildAnswer, everyChildView(false));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(ops.filter((op) => op.path.startsWith('everyChild.'))).toEqual([]);
  });

  it('says when there is nothing yet, and offers Try again when a list fails', async () => {
    let fail = true;
    renderList((op) => {
      if (op.path === 'everyChild.snapshots') return [];
      if (op.path === 'everyChild.snapshotLinks') return fail ? serverError(503, 'SERVICE_UNAVAILABLE', 'down') : [];
      return [];
    });
    expect(await screen.findByText('No snapshot has been made for any child yet. Choose a child above to make one.')).toBeTruthy();
    expect(await screen.findByText('We could not load every child\u2019s share links just now.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No link is open for any child.')).toBeTruthy();
  });
});
