import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendFile, UploadCancelled, UploadFailed } from '../../../../client/app/features/documents/upload-request.ts';
import { setTokenGetter } from '../../../../client/lib/auth-token.ts';

/** Just enough of XMLHttpRequest to drive an upload by hand: what was sent, and the events back. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  private listeners = new Map<string, (() => void)[]>();
  readonly upload = {
    listeners: [] as ((event: { loaded: number; total: number; lengthComputable: boolean }) => void)[],
    addEventListener(_type: 'progress', listener: (event: { loaded: number; total: number; lengthComputable: boolean }) => void) {
      this.listeners.push(listener);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.upload.listeners) listener({ loaded, total, lengthComputable: true });
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.emit('load');
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

const file = new File(['%PDF-1.4 hello'], 'iep.pdf', { type: 'application/pdf' });
let untoken: () => void;

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  untoken = setTokenGetter(async () => 'token-123');
});
afterEach(() => {
  untoken();
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

/** The body of the last request sent, if any (a function, so TypeScript does not narrow `last` for good). */
const lastBody = () => FakeXhr.last?.body ?? null;

/** Waits until the request has gone out (the token is fetched first). */
async function sent(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
  return FakeXhr.last!;
}

describe('sendFile', () => {
  it('posts the file with the bearer token, reports progress, and resolves with the new document', async () => {
    const progress: [number, number][] = [];
    const handle = sendFile({
      method: 'POST',
      url: '/api/documents?childId=3',
      file,
      fields: { category: 'iep' },
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const xhr = await sent();
    expect([xhr.method, xhr.url, xhr.headers.Authorization]).toEqual(['POST', '/api/documents?childId=3', 'Bearer token-123']);
    expect(xhr.body?.get('category')).toBe('iep');
    expect(xhr.body?.get('file')).toMatchObject({ name: 'iep.pdf' });
    xhr.progress(5, 20);
    xhr.progress(20, 20);
    xhr.answer(201, JSON.stringify({ id: 8, title: 'iep', fileName: 'iep.pdf' }));
    await expect(handle.done).resolves.toMatchObject({ id: 8, title: 'iep' });
    expect(progress).toEqual([
      [5, 20],
      [20, 20],
    ]);
  });

  it("rejects with the server's message and field issues", async () => {
    const handle = sendFile({ method: 'POST', url: '/api/documents?childId=3', file, onProgress: () => undefined });
    const xhr = await sent();
    xhr.answer(413, JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Files can be at most 25 MB.' } }));
    const error = await handle.done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadFailed);
    expect(error).toMatchObject({ status: 413, message: 'Files can be at most 25 MB.' });
  });

  it('cancel aborts the request and rejects with UploadCancelled, also before the request is open', async () => {
    const handle = sendFile({ method: 'PUT', url: '/api/documents/8/content?childId=3', file, onProgress: () => undefined });
    const xhr = await sent();
    handle.cancel();
    expect(xhr.aborted).toBe(true);
    await expect(handle.done).rejects.toBeInstanceOf(UploadCancelled);

    FakeXhr.last = null;
    const early = sendFile({ method: 'POST', url: '/api/documents?childId=3', file, onProgress: () => undefined });
    early.cancel();
    await expect(early.done).rejects.toBeInstanceOf(UploadCancelled);
    expect(lastBody()).toBeNull();
  });
});
