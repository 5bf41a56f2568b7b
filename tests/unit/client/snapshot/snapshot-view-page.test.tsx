// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import SnapshotViewPage from '../../../../client/link-pages/snapshot-view-page.tsx';
import { MESSAGES } from '../../../../client/link-pages/shared-snapshot.ts';
import { snapshotView } from './snapshot-fixtures.ts';
import { json, linkError, linkServer } from '../../../helpers/link-server.ts';

const TOKEN = 'a'.repeat(43);

const server = linkServer(`/snapshots/view#${TOKEN}`);
const { requests } = server;

describe('the shared snapshot page', () => {
  it('loads the snapshot with the token in the body only, and shows it, not indexed, titled', async () => {
    server.answers['/api/shared/snapshot'] = [json(200, snapshotView())];
    render(<SnapshotViewPage />);
    expect(screen.getByText('Opening the snapshot...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya for her teacher' })).toBeTruthy();
    expect(requests).toEqual([{ url: '/api/shared/snapshot', body: { token: TOKEN } }]);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
    await waitFor(() => expect(document.title).toBe('Maya for her teacher - Trelli'));
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    // FLAG_PDF_PRINT_STYLES off: no Print button, no print stylesheet.
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(document.querySelector('.print-document')).toBeNull();
  });

  it('with print styles: Print prints; the photo comes as a blob URL', async () => {
    server.answers['/api/shared/snapshot'] = [json(200, snapshotView({ printStyles: true, hasPhoto: true }))];
    server.answers['/api/shared/snapshot/photo'] = [new Response(new Blob(['jpeg'], { type: 'image/jpeg' }))];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const print = vi.fn<() => void>();
    Object.defineProperty(window, 'print', { configurable: true, writable: true, value: print });
    render(<SnapshotViewPage />);
    expect((await screen.findByRole('img', { name: 'Maya' })).getAttribute('src')).toBe('blob:photo-1');
    expect(requests.map((request) => request.url)).toEqual(['/api/shared/snapshot', '/api/shared/snapshot/photo']);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.querySelector('article.print-document')).toBeTruthy();
  });

  it('downloads the PDF on the chosen paper as a file', async () => {
    server.answers['/api/shared/snapshot'] = [json(200, snapshotView())];
    server.answers['/api/shared/snapshot/pdf'] = [new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }))];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf-1');
    let saved: { href: string; download: string } | null = null;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { href: this.href, download: this.download };
    });
    render(<SnapshotViewPage />);
    fireEvent.change(await screen.findByLabelText('Paper size'), { target: { value: 'a4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual({ href: 'blob:pdf-1', download: 'Maya snapshot.pdf' }));
    expect(requests.at(-1)).toEqual({ url: '/api/shared/snapshot/pdf', body: { token: TOKEN, paper: 'a4' } });
  });

  it.each([
    [404, 'NOT_FOUND', 'This link does not open. It may have been turned off.'],
    [410, 'GONE', 'This link has expired.'],
  ])('a %i shows the server’s sentence, and no way to try again', async (status, code, message) => {
    server.answers['/api/shared/snapshot'] = [linkError(status, code, message)];
    render(<SnapshotViewPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it('429 asks to wait a minute', async () => {
    server.answers['/api/shared/snapshot'] = [linkError(429, 'TOO_MANY_REQUESTS', 'Too many requests.')];
    render(<SnapshotViewPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.tooMany);
    expect(MESSAGES.tooMany).toMatch(/wait a minute/);
  });

  it('a network failure says so, and Try again loads it', async () => {
    server.answers['/api/shared/snapshot'] = ['network-error', json(200, snapshotView())];
    render(<SnapshotViewPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.network);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'Maya for her teacher' });
    // The button went with the message: focus is on what came instead, not lost (moved once it is shown).
    await waitFor(() => expect(document.activeElement).toBe(title));
    // The document's title is the page's only h1; its sections are h2.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
  });

  it('offline: says so, asks nothing, and loads once the connection is back', async () => {
    server.online = false;
    server.answers['/api/shared/snapshot'] = [json(200, snapshotView())];
    render(<SnapshotViewPage />);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.offline);
    expect(requests).toHaveLength(0);
    server.online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya for her teacher' })).toBeTruthy();
  });

  it.each([[''], ['#'], [`#${TOKEN.slice(0, 20)}`]])('a link without its whole token (%s) says it is not complete', (hash) => {
    window.history.replaceState(null, '', `/snapshots/view${hash}`);
    render(<SnapshotViewPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'This link is not complete' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.incomplete);
    expect(requests).toHaveLength(0);
  });
});
