/**
 * A search finds a word inside a PDF and says on which page (issue 24 item 23): the vault's preview
 * opens there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTextPdf } from '../helpers/document-pdfs.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { typedClient } from '../helpers/trpc-client.ts';
import { signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

describe.each(ENGINES)('the page a search finds a word on, on %s', (engine) => {
  let server: TestServer;
  let family: Awaited<ReturnType<typeof signUpParentWithChild>>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    family = await signUpParentWithChild(server);
    const pdf = makeTextPdf(
      'Evaluation report',
      [
        'Background and history of the referral.',
        'Classroom observations during reading time.',
        'Results: the scores point to dysgraphia, with handwriting slower than peers.',
        'Recommendations: occupational therapy twice a week, and dysgraphia accommodations.',
      ],
      { paragraphPerPage: true },
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'evaluation.pdf');
    const response = await fetch(`${server.url}/api/documents?childId=${family.childId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${family.token}` },
    });
    if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
    await server.services.documents.idle();
  });
  afterAll(() => server.close());

  it('gives the page of the first place a word is found, over REST and tRPC', async () => {
    const search = async (q: string) => {
      const response = await fetch(`${server.url}/api/documents?childId=${family.childId}&q=${encodeURIComponent(q)}`, {
        headers: { authorization: `Bearer ${family.token}` },
      });
      const body = (await response.json()) as { items: { pageCount: number; matches: { field: string; page: number | null }[] }[] };
      return body.items[0];
    };
    const found = await search('dysgraphia');
    expect(found?.pageCount).toBe(4);
    expect(found?.matches.find((match) => match.field === 'text')?.page).toBe(3);
    expect((await search('occupational'))?.matches.find((match) => match.field === 'text')?.page).toBe(4);
    expect((await search('referral'))?.matches.find((match) => match.field === 'text')?.page).toBe(1);
    // A word in the title only has no page.
    expect((await search('evaluation'))?.matches.find((match) => match.field === 'title')?.page).toBeNull();

    const viaTrpc = await typedClient(server, family.token).documents.list.query({
      childId: family.childId,
      filter: { q: 'observations', limit: 10, offset: 0 },
    });
    expect(viaTrpc.items[0]?.matches.find((match) => match.field === 'text')?.page).toBe(2);
  });
});
