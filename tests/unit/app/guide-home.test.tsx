// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GuideArticleSummary, GuideTemplate } from '#shared/guide.ts';
import type { GuideSuggestion } from '#shared/schemas/guide.ts';
import { FeatureFlagsProvider } from '../../../client/app/feature-flags.tsx';
import { ForYouCard } from '../../../client/app/features/guide/for-you.tsx';
import { createGuideContentLoader, type GuideContent } from '../../../client/app/features/guide/guide-content-loader.ts';
import { GuideHome } from '../../../client/app/features/guide/guide-home.tsx';
import { createGuideSearch } from '../../../client/app/features/guide/guide-search.ts';
import { fakeTrpc, serverError } from '../../helpers/fake-trpc.tsx';
import { fetchMock, renderWithFlags, serverFlags, useFakeServerFlags } from './server-flags.tsx';

useFakeServerFlags();

const article = (slug: string, title: string, theme: GuideArticleSummary['theme'], extra: Partial<GuideArticleSummary> = {}) => ({
  slug,
  title,
  summary: `What to know about ${title.toLowerCase()}.`,
  theme,
  keywords: [],
  minutes: 4,
  ...extra,
});

const articles: GuideArticleSummary[] = [
  article('what-is-an-iep', 'What an IEP is', 'school', { keywords: ['special education'], minutes: 5 }),
  article('requesting-an-evaluation', 'Requesting an evaluation', 'school'),
  article('sleep', 'Sleep', 'health', { summary: 'Bedtime that works for the whole family.' }),
  article('homework', 'Homework without tears', 'home'),
  article('hsa-and-fsa', 'HSA and FSA', 'money'),
];

const content: GuideContent = Object.fromEntries(
  articles.map((item) => [
    item.slug,
    {
      html: `<p>${item.title}</p>`,
      text: item.slug === 'homework' ? 'A quiet corner and a timer help with focus.' : item.title,
      sources: [],
    },
  ]),
);

const templates: GuideTemplate[] = [
  {
    id: 'request-for-an-evaluation',
    title: 'Request for an evaluation',
    summary: 'A letter.',
    article: 'requesting-an-evaluation',
    fields: [],
    body: '',
  },
];

const suggestions: GuideSuggestion[] = [
  {
    key: 'milestone:1',
    title: 'Annual review in 3 weeks: prepare for the meeting',
    reason: 'The IEP review is on the roadmap.',
    slug: 'annual-review',
    action: { label: 'Prepare the meeting pack', path: '/snapshots/meeting-pack' },
  },
  { key: 'goal:2', title: 'How to ask the teacher for data', reason: 'A goal has no data yet.', slug: 'asking-the-teacher-for-data' },
  { key: 'plan:unsure', title: 'What an IEP is', reason: 'The plan is not set.', slug: 'what-is-an-iep' },
];

const readyLoader = () => createGuideContentLoader(async () => ({ default: content }));
const waitingLoader = () => createGuideContentLoader(() => new Promise(() => undefined));

function renderGuide({ loader = readyLoader(), answer = (): unknown => suggestions } = {}) {
  const api = fakeTrpc((op) => (op.path === 'guide.suggestions' ? answer() : []), { role: 'owner', child: { firstName: 'Maya' } });
  renderWithFlags(<GuideHome articles={articles} templates={templates} loader={loader} />, api);
  return api;
}

const search = () => screen.getByRole('searchbox', { name: 'Search the guide' });
const resultTitles = () =>
  within(screen.getByRole('region', { name: 'Search results' }))
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('the guide search', () => {
  it('ranks a title match first, matches a prefix and a typo, and searches keywords', () => {
    const index = createGuideSearch(articles, content);
    expect(index.search('evaluat').map((item) => item.slug)[0]).toBe('requesting-an-evaluation');
    expect(index.search('homwork').map((item) => item.slug)).toEqual(['homework']);
    expect(index.search('special education').map((item) => item.slug)).toEqual(['what-is-an-iep']);
    expect(index.search('   ')).toEqual([]);
  });

  it('finds words in the text only once the text has loaded', () => {
    expect(createGuideSearch(articles, null).search('timer')).toEqual([]);
    expect(
      createGuideSearch(articles, content)
        .search('timer')
        .map((item) => item.slug),
    ).toEqual(['homework']);
  });

  it('answers as the parent types, with a polite count and cards with theme and minutes', async () => {
    renderGuide();
    expect(await screen.findByText('Results appear as you type, and search works offline too.')).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'bedtime' } });
    expect(screen.getByRole('status').textContent).toBe('1 article matches \u201cbedtime\u201d.');
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(resultTitles()).toEqual(['Sleep']);
    expect(screen.getByRole('link', { name: 'Sleep' }).getAttribute('href')).toBe('/guide/sleep');
    expect(screen.getByText('Health \u00b7 4 min read')).toBeTruthy();
    // Browsing gives way to the results.
    expect(screen.queryByRole('heading', { name: 'Letters you can fill in' })).toBeNull();
  });

  it('searches titles and summaries while the text loads', () => {
    renderGuide({ loader: waitingLoader() });
    expect(screen.getByText('Searching titles and summaries while the articles load.')).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'timer' } });
    expect(screen.getByRole('status').textContent).toBe('No articles match \u201ctimer\u201d.');
  });

  it('says when nothing matches and offers the themes', async () => {
    renderGuide();
    fireEvent.change(search(), { target: { value: 'xylophone' } });
    expect(screen.getByRole('status').textContent).toBe('No articles match \u201cxylophone\u201d.');
    const themes = await screen.findByRole('navigation', { name: 'Browse by theme' });
    expect(within(themes).getByRole('link', { name: 'Money' }).getAttribute('href')).toBe('/guide?theme=money');
  });

  it('says so, with a retry, when the text could not load, and tries again when the browser is back online', async () => {
    let attempts = 0;
    const loader = createGuideContentLoader(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: content };
    });
    renderGuide({ loader });
    expect(await screen.findByText(/could not load, so search looks at titles and summaries only/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Results appear as you type, and search works offline too.')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});

describe('themes or A to Z (FLAG_TRELLI_GUIDE_THEMES_V1)', () => {
  it('with the flag on, a section per theme with its articles, chips for each theme, and the letters', async () => {
    renderGuide();
    const school = await screen.findByRole('region', { name: 'School' });
    expect(
      within(school)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Requesting an evaluation', 'What an IEP is']);
    expect(within(school).getByText('5 min read')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
      expect.arrayContaining(['School', 'Home', 'Health', 'Money', 'Letters you can fill in']),
    );
    const chips = screen.getByRole('navigation', { name: 'Themes' });
    expect(
      within(chips)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All themes', 'School', 'Home', 'Health', 'Feelings', 'Money']);
    expect(screen.getByRole('link', { name: 'Request for an evaluation' }).getAttribute('href')).toBe(
      '/guide/templates/request-for-an-evaluation',
    );
  });

  it('with the flag off, one list from A to Z and no themes', async () => {
    serverFlags({ FLAG_TRELLI_GUIDE_THEMES_V1: false });
    renderGuide();
    const list = await screen.findByRole('region', { name: 'All articles, A to Z' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Homework without tears', 'HSA and FSA', 'Requesting an evaluation', 'Sleep', 'What an IEP is']);
    expect(screen.queryByRole('region', { name: 'School' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Themes' })).toBeNull();
  });
});

describe('"For you" (FLAG_TRELLI_GUIDE_V2)', () => {
  it('lists the suggestions for the selected child, each linking to its article with its reason', async () => {
    renderGuide();
    const forYou = await screen.findByRole('region', { name: 'For you and Maya' });
    const link = await within(forYou).findByRole('link', { name: 'Annual review in 3 weeks: prepare for the meeting' });
    expect(link.getAttribute('href')).toBe('/guide/annual-review');
    expect(within(forYou).getByText('The IEP review is on the roadmap.')).toBeTruthy();
    // The review's suggestion also leads to the meeting pack; the others only to their article.
    const pack = within(forYou).getByRole('link', { name: 'Prepare the meeting pack' });
    expect(pack.getAttribute('href')).toBe('/snapshots/meeting-pack');
    expect(within(forYou).getAllByRole('link')).toHaveLength(suggestions.length + 1);
  });

  it('shows a loading placeholder, without holding up the articles', async () => {
    renderGuide({ answer: () => new Promise(() => undefined) });
    expect(await screen.findByRole('region', { name: 'School' })).toBeTruthy();
    const forYou = screen.getByRole('region', { name: 'For you and Maya' });
    expect(within(forYou).getByText('Loading suggestions')).toBeTruthy();
  });

  it('says quietly that suggestions need a connection when they fail, and the articles still show', async () => {
    renderGuide({ answer: () => serverError(503, 'SERVICE_UNAVAILABLE', 'down') });
    const forYou = await screen.findByRole('region', { name: 'For you and Maya' });
    expect(await within(forYou).findByText('Suggestions need a connection; the articles still work.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'School' })).toBeTruthy();
  });

  it('is gone, and the server is not asked, with the flag off', async () => {
    serverFlags({ FLAG_TRELLI_GUIDE_V2: false });
    // The app has its flags before a parent reaches the guide: the guide opens once they are here.
    const { calls, wrapper } = fakeTrpc((op) => (op.path === 'guide.suggestions' ? suggestions : []), { role: 'owner' });
    const view = render(<FeatureFlagsProvider>{null}</FeatureFlagsProvider>, { wrapper });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    view.rerender(
      <FeatureFlagsProvider>
        <GuideHome articles={articles} templates={templates} loader={readyLoader()} />
      </FeatureFlagsProvider>,
    );
    expect(await screen.findByRole('region', { name: 'School' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^For you/ })).toBeNull();
    expect(calls('guide.suggestions')).toEqual([]);
  });
});

describe('the dashboard\u2019s "For you" card', () => {
  function renderCard(answer: () => unknown) {
    const api = fakeTrpc((op) => (op.path === 'guide.suggestions' ? answer() : []), { role: 'viewer' });
    renderWithFlags(<ForYouCard />, api);
    return api;
  }

  it('shows the two most pressing suggestions and a link to the guide', async () => {
    renderCard(() => suggestions);
    const card = await screen.findByRole('region', { name: 'For you' });
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Annual review in 3 weeks: prepare for the meeting', '/guide/annual-review'],
      ['Prepare the meeting pack', '/snapshots/meeting-pack'],
      ['How to ask the teacher for data', '/guide/asking-the-teacher-for-data'],
      ['See the guide', '/guide'],
    ]);
  });

  it('is not there with no suggestions, or when they fail', async () => {
    const empty = renderCard(() => []);
    await vi.waitFor(() => expect(empty.calls('guide.suggestions')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'For you' })).toBeNull();
    cleanup();
    const failing = renderCard(() => serverError(500, 'INTERNAL_SERVER_ERROR', 'boom'));
    await vi.waitFor(() => expect(failing.calls('guide.suggestions').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'For you' })).toBeNull();
  });
});
