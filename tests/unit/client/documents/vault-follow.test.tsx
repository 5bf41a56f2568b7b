// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadQueueList } from '../../../../client/app/features/documents/upload-queue-list.tsx';
import { addedDocumentIds, uploadQueueReducer } from '../../../../client/app/features/documents/upload-queue.ts';
import { isRefusal, UploadFailed } from '../../../../client/app/features/documents/upload-request.ts';

/** The vault's "files added" list (issue 24 item 23): it follows the documents, and offers no retry for a refused file. */

const noop = () => {};
const file = new File(['x'.repeat(40)], 'scan.pdf', { type: 'application/pdf' });
const sending = uploadQueueReducer(uploadQueueReducer([], { type: 'add', items: [{ key: 'a', file, problem: null }] }), {
  type: 'start',
  key: 'a',
});

afterEach(() => cleanup());

describe('the files added list', () => {
  it('a file the server refused (its type, size or emptiness) says why and offers no "Try again"', () => {
    for (const status of [413, 415, 422]) expect(isRefusal(new UploadFailed(status, 'no'))).toBe(true);
    for (const status of [0, 500, 503, 429]) expect(isRefusal(new UploadFailed(status, 'no'))).toBe(false);
    const refused = uploadQueueReducer(sending, { type: 'failed', key: 'a', error: 'This file is a web page.', refused: true });
    expect(refused[0]?.status).toBe('refused');
    render(<UploadQueueList items={refused} onCancel={noop} onRetry={noop} onDismiss={noop} onDescribe={noop} />);
    expect(screen.getByRole('alert').textContent).toBe('This file is a web page.');
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dismiss scan.pdf' })).toBeTruthy();
  });

  it('a dropped connection can still be tried again', () => {
    const failed = uploadQueueReducer(sending, { type: 'failed', key: 'a', error: 'The connection dropped.', refused: false });
    render(<UploadQueueList items={failed} onCancel={noop} onRetry={noop} onDismiss={noop} onDescribe={noop} />);
    expect(screen.getByRole('button', { name: 'Try again with scan.pdf' })).toBeTruthy();
  });

  it('an added file shows its document\u2019s current title once renamed', () => {
    const done = uploadQueueReducer(sending, { type: 'done', key: 'a', documentId: 12 });
    expect(addedDocumentIds(done)).toEqual([12]);
    render(
      <UploadQueueList
        items={done}
        currentTitles={new Map([[12, 'Reading evaluation, fall']])}
        onCancel={noop}
        onRetry={noop}
        onDismiss={noop}
        onDescribe={noop}
      />,
    );
    expect(screen.getByText('Reading evaluation, fall', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByText('scan.pdf')).toBeNull();
  });
});
