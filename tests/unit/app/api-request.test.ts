import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HttpError,
  MISSING_TOKEN_WARNING,
  apiRequest,
  httpStatusOf,
  postForText,
  serverMessageOf,
} from '../../../client/lib/api-request.ts';
import { setTokenGetter } from '../../../client/lib/auth-token.ts';
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from '../../../client/lib/data-cache.ts';
import { describeToken } from '../../../client/lib/dev-log.ts';
import { createAppQueryClient, defaultQueryFn } from '../../../client/lib/query-client.ts';

type FetchArgs = [string, RequestInit];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let unregister: () => void;

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => jsonResponse({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
  unregister = setTokenGetter(async () => 'aaa.bbb.ccc');
  // Development builds log each request; keep the test output quiet.
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function lastCall(): FetchArgs {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call;
}

describe('apiRequest (SPEC §7)', () => {
  it('sends JSON with a JSON content type, credentials and the bearer token, and parses the JSON answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 3, firstName: 'Maya' }, 201));
    const child = await apiRequest('POST', '/api/children', { firstName: 'Maya' });
    expect(child).toEqual({ id: 3, firstName: 'Maya' });
    const [url, init] = lastCall();
    expect(url).toBe('/api/children');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ firstName: 'Maya' }));
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer aaa.bbb.ccc' });
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'note.txt');
    await apiRequest('POST', '/api/vault', form);
    const [, init] = lastCall();
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('shares identical requests in flight: same method, URL and body make one network call', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const first = apiRequest('GET', '/api/children');
    const second = apiRequest('GET', '/api/children');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    release(jsonResponse([{ id: 1 }]));
    await expect(first).resolves.toEqual([{ id: 1 }]);
    await expect(second).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not share requests that differ in body or method, nor ones that already finished', async () => {
    await Promise.all([
      apiRequest('PUT', '/api/children/1', { firstName: 'A' }),
      apiRequest('PUT', '/api/children/1', { firstName: 'B' }),
      apiRequest('DELETE', '/api/children/1'),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await apiRequest('DELETE', '/api/children/1');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('returns a PDF answer as binary data', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    fetchMock.mockResolvedValueOnce(new Response(bytes, { headers: { 'Content-Type': 'application/pdf' } }));
    const result = await apiRequest<Blob>('GET', '/api/snapshots/1/pdf');
    expect(result).toBeInstanceOf(Blob);
    expect(new Uint8Array(await result.arrayBuffer())).toEqual(bytes);
  });

  it('fails a non-OK answer with "status: body"', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":{"code":"NOT_FOUND","message":"Child not found"}}', { status: 404 }));
    const error = await apiRequest('GET', '/api/children/9').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe('404: {"error":{"code":"NOT_FOUND","message":"Child not found"}}');
    expect(httpStatusOf(error)).toBe(404);
  });

  it('uses the status text when the failing body is empty, and a 401 fails rather than being swallowed', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('GET', '/api/children')).rejects.toThrow('401: Unauthorized');
  });

  it('an auth-optional call fetches no token and sends no Authorization header', async () => {
    const getter = vi.fn<() => Promise<string | null>>(async () => 'aaa.bbb.ccc');
    unregister();
    unregister = setTokenGetter(getter);
    await apiRequest('GET', '/api/feature-flags', undefined, { authOptional: true });
    expect(getter).not.toHaveBeenCalled();
    expect(lastCall()[1].headers).not.toHaveProperty('Authorization');
  });

  it('without a token it still sends the request and warns that a 401 is likely', async () => {
    unregister();
    unregister = setTokenGetter(async () => null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await apiRequest('GET', '/api/children');
    expect(lastCall()[1].headers).not.toHaveProperty('Authorization');
    expect(warn).toHaveBeenCalledWith(MISSING_TOKEN_WARNING);
    expect(MISSING_TOKEN_WARNING).toContain('401');
  });

  it('an auth-optional call without a token does not warn', async () => {
    unregister();
    unregister = setTokenGetter(async () => null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await apiRequest('GET', '/api/feature-flags', undefined, { authOptional: true });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("serverMessageOf: the server's words for a sentence a parent reads", () => {
  it("takes the message out of the API's error JSON", async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":{"code":"NOT_FOUND","message":"Child not found"}}', { status: 404 }));
    const error = await apiRequest('GET', '/api/children/9').catch((caught: unknown) => caught);
    expect(serverMessageOf(error)).toBe('Child not found');
  });

  it('keeps a plain text body or status text, and a message without a status as it is', () => {
    expect(serverMessageOf(new HttpError(502, 'Bad Gateway', 'The server is restarting'))).toBe('The server is restarting');
    expect(serverMessageOf(new HttpError(503, 'Service Unavailable', ''))).toBe('Service Unavailable');
    expect(serverMessageOf(new HttpError(400, 'Bad Request', '{not json'))).toBe('{not json');
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(serverMessageOf('nope')).toBeNull();
  });
});

describe('postForText (SPEC §7 second helper)', () => {
  it('POSTs JSON and resolves with the answer text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('queued', { status: 200 }));
    await expect(postForText('/api/roadmap/generate', { months: 6 })).resolves.toBe('queued');
    const [, init] = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"months":6}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('fails with the answer text, or "HTTP status" when it is empty', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Roadmap is busy', { status: 409 }));
    await expect(postForText('/api/x', {})).rejects.toThrow('Roadmap is busy');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(postForText('/api/x', {})).rejects.toThrow('HTTP 502');
  });
});

describe('default query fetch and QueryClient (SPEC §7, §9)', () => {
  it('GETs the first key element', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ flags: {} }));
    await defaultQueryFn({ queryKey: ['/api/feature-flags'] });
    expect(lastCall()[0]).toBe('/api/feature-flags');
    expect(lastCall()[1].method).toBe('GET');
  });

  it.each([
    ['/api/milestones', '/api/milestones?childId=4'],
    ['/api/dashboard/stats', '/api/dashboard/stats?childId=4'],
    ['/api/activities?limit=5', '/api/activities?limit=5&childId=4'],
    ['/api/goals', '/api/goals?childId=4'],
    ['/api/strategies', '/api/strategies?childId=4'],
    ['/api/observations', '/api/observations?childId=4'],
  ])('appends childId to %s when the key has a second element', async (path, expected) => {
    await defaultQueryFn({ queryKey: [path, 4] });
    expect(lastCall()[0]).toBe(expected);
  });

  it('does not append childId without a second element, nor to other paths', async () => {
    await defaultQueryFn({ queryKey: ['/api/observations'] });
    expect(lastCall()[0]).toBe('/api/observations');
    await defaultQueryFn({ queryKey: ['/api/children', 4] });
    expect(lastCall()[0]).toBe('/api/children');
    await defaultQueryFn({ queryKey: ['/api/dashboard', 4] });
    expect(lastCall()[0]).toBe('/api/dashboard');
  });

  it('has the SPEC §9 defaults', () => {
    const client = createAppQueryClient();
    const queries = client.getDefaultOptions().queries;
    expect(queries).toMatchObject({
      staleTime: 30 * 60 * 1000,
      gcTime: 60 * 60 * 1000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchOnMount: false,
      refetchInterval: false,
      networkMode: 'online',
    });
    expect(QUERY_STALE_TIME_MS).toBe(1_800_000);
    expect(QUERY_GC_TIME_MS).toBe(3_600_000);
    expect(client.getDefaultOptions().mutations).toMatchObject({ retry: false, networkMode: 'online' });
  });
});

describe('token preview for development logs (SPEC §5)', () => {
  it('describes a token by its format only', () => {
    expect(describeToken('aaa.bbb.ccc')).toBe('valid format (3 parts)');
    expect(describeToken('not-a-jwt')).toBe('invalid format');
    expect(describeToken(null)).toBe('none');
  });
});
