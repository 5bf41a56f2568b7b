// @vitest-environment happy-dom
/**
 * SPEC §9 (no polling), decision 0093: while a document is being read or an export built, the
 * screens follow the server's subscription instead of asking again every second.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountExport } from '#shared/schemas/account-data.ts';
import { useCurrentExport } from '../../../client/app/features/account-data/use-account-data.ts';
import { finishedSince, useDocumentList } from '../../../client/app/features/documents/use-documents.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, type FakeOp } from '../../helpers/fake-trpc.tsx';

/** Longer than the one second the screens used to poll at. */
const QUIET_MS = 1200;
const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

beforeEach(() => setSelectedChildId(1));
afterEach(() => {
  cleanup();
  setSelectedChildId(null);
});

describe('a document being read', () => {
  const listWith = (processing: string) => ({ items: [{ id: 5, title: 'IEP', processing }], total: 1 });

  it('is not asked for again while the server says it is still being read', async () => {
    const { wrapper, calls } = fakeTrpc(
      (op: FakeOp) =>
        op.path === 'documents.watchProcessing' ? { pending: [5] } : op.path === 'documents.list' ? listWith('pending') : [],
      { role: 'viewer' },
    );
    renderHook(() => useDocumentList({}), { wrapper });
    await waitFor(() => expect(calls('documents.watchProcessing').map((op) => op.input)).toEqual([{ childId: 1 }]));
    await quiet();
    expect(calls('documents.list')).toHaveLength(1);
  });

  it('is read again once the server says it is done', async () => {
    let processing = 'pending';
    const { wrapper, calls } = fakeTrpc(
      (op: FakeOp) => {
        if (op.path === 'documents.list') return listWith(processing);
        if (op.path === 'documents.watchProcessing') processing = 'done';
        return op.path === 'documents.watchProcessing' ? { pending: [] } : [];
      },
      { role: 'viewer' },
    );
    const { result } = renderHook(() => useDocumentList({}), { wrapper });
    await waitFor(() => expect(result.current.data?.items[0]?.processing).toBe('done'));
    expect([calls('documents.list').length, calls('documents.watchProcessing').length]).toEqual([2, 1]);
  });

  it('with nothing being read, nothing is watched', async () => {
    const { wrapper, calls } = fakeTrpc((op: FakeOp) => (op.path === 'documents.list' ? listWith('done') : []), { role: 'viewer' });
    const { result } = renderHook(() => useDocumentList({}), { wrapper });
    await waitFor(() => expect(result.current.data?.total).toBe(1));
    expect(calls('documents.watchProcessing')).toHaveLength(0);
  });

  it('the list is out of date only when a document it shows as pending no longer is', () => {
    expect(finishedSince([5, 6], [5, 6, 9])).toBe(false);
    expect(finishedSince([5, 6], [6])).toBe(true);
    expect(finishedSince([], [])).toBe(false);
  });
});

describe('an export being built', () => {
  const exportIn = (status: AccountExport['status'], progress: number): AccountExport => ({
    id: 4,
    status,
    progress,
    itemsDone: progress,
    itemsTotal: 100,
    sizeBytes: status === 'ready' ? 2048 : null,
    fileName: 'trelli-export-2026-11-27.zip',
    createdAt: '2026-11-27T08:00:00.000Z',
    finishedAt: status === 'ready' ? '2026-11-27T08:01:00.000Z' : null,
    expiresAt: status === 'ready' ? '2026-11-28T08:01:00.000Z' : null,
  });

  it('shows what the server sends, ready included, and is not asked for again', async () => {
    const { wrapper, calls } = fakeTrpc((op: FakeOp) => {
      if (op.path === 'accountData.currentExport') return exportIn('running', 40);
      if (op.path === 'accountData.watchExport') return exportIn('ready', 100);
      return [];
    });
    const { result } = renderHook(() => useCurrentExport(), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('ready'));
    await quiet();
    expect([calls('accountData.currentExport').length, calls('accountData.watchExport').length]).toEqual([1, 1]);
  });
});
