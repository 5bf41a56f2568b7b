// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuideArticleSummary, GuideTemplate } from '#shared/guide.ts';
import { ArticleView } from '../../../client/app/features/guide/article-view.tsx';
import { createGuideContentLoader, type GuideContent } from '../../../client/app/features/guide/guide-content-loader.ts';
import { TemplateView } from '../../../client/app/features/guide/template-view.tsx';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';

const article: GuideArticleSummary = {
  slug: 'annual-review',
  title: 'The annual review',
  summary: 'What happens at the yearly meeting, and how to get ready.',
  theme: 'school',
  keywords: [],
  minutes: 5,
};

const template: GuideTemplate = {
  id: 'request-for-an-iep-meeting',
  title: 'Request for an IEP meeting',
  summary: 'A letter asking the school to meet.',
  article: 'annual-review',
  fields: [
    { key: 'childName', label: "Child's full name", from: 'child.fullName', multiline: false },
    { key: 'grade', label: 'Grade', from: 'child.grade', multiline: false },
    { key: 'reasons', label: 'Why you are asking for a meeting', from: 'child.challenges', multiline: true, hint: 'What has changed.' },
    { key: 'times', label: 'Times that work for you', multiline: false },
  ],
  body: 'I am the parent of {{childName}}, in grade {{grade}}.\n\nI would like to talk about:\n{{reasons}}\n\nThese times work: {{times}}.',
};

const content: GuideContent = {
  'annual-review': {
    html: '<h2>Before the meeting</h2><p>Read <a href="/guide/progress-reports">the progress reports</a> and <a href="https://example.gov/idea" rel="noreferrer" target="_blank">the law</a>.</p><h2>Checklist</h2><ul><li class="guide-task">Ask for the draft</li></ul>',
    text: 'Before the meeting',
    sources: [{ name: 'IDEA regulations, 34 CFR 300.324', url: 'https://example.gov/idea' }],
  },
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

beforeEach(() => {
  setSelectedChildId(1);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an article', () => {
  function renderArticle(loader = createGuideContentLoader(async () => ({ default: content }))) {
    const { wrapper } = fakeTrpc(() => [], { role: 'owner' });
    render(
      <>
        <ArticleView article={article} templates={[template]} loader={loader} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </>,
      { wrapper },
    );
  }

  it('shows its title and summary at once, then the text, the sources and the letter that goes with it', async () => {
    renderArticle();
    expect(screen.getByRole('heading', { level: 1, name: 'The annual review' })).toBeTruthy();
    expect(screen.getByText('5 min read')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Before the meeting' })).toBeTruthy();
    expect(screen.getByText('Ask for the draft').closest('li')?.className).toBe('guide-task');
    const sources = screen.getByRole('region', { name: 'Sources' });
    expect(
      within(sources)
        .getByRole('link', { name: /IDEA regulations/ })
        .getAttribute('target'),
    ).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Request for an IEP meeting' }).getAttribute('href')).toBe(
      '/guide/templates/request-for-an-iep-meeting',
    );
    expect(screen.getAllByRole('link', { name: 'Back to the guide' })[0]?.getAttribute('href')).toBe('/guide');
  });

  it('follows a link to another screen of Trelli inside the app, and leaves an outside link to its new tab', async () => {
    renderArticle();
    const outside = await screen.findByRole('link', { name: 'the law' });
    expect(outside.getAttribute('target')).toBe('_blank');
    // The browser opens a new tab itself; here the document stops it after the app has had its turn.
    const stopLeaving = (event: Event) => event.preventDefault();
    document.addEventListener('click', stopLeaving);
    fireEvent.click(outside);
    document.removeEventListener('click', stopLeaving);
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.click(screen.getByRole('link', { name: 'the progress reports' }));
    expect(screen.getByTestId('where').textContent).toBe('/guide/progress-reports');
  });

  it('says so with a retry when the text could not load, and shows it once it does', async () => {
    let attempts = 0;
    renderArticle(
      createGuideContentLoader(async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('offline');
        return { default: content };
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The article's text could not load.");
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Before the meeting' })).toBeTruthy();
  });
});

describe('a letter template', () => {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();

  function renderTemplate() {
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper } = fakeTrpc(() => [], {
      role: 'owner',
      child: { firstName: 'Maya', lastName: 'Lopez', grade: 'kindergarten', challenges: ['Reading', 'Focus'] },
    });
    return render(<TemplateView template={template} article={article} />, { wrapper });
  }
  const preview = () => screen.getByRole('region', { name: 'Preview' });

  it('starts from the record, and the preview follows what the parent types', () => {
    renderTemplate();
    expect((screen.getByLabelText("Child's full name") as HTMLInputElement).value).toBe('Maya Lopez');
    expect((screen.getByLabelText('Why you are asking for a meeting') as HTMLTextAreaElement).value).toBe('- Reading\n- Focus');
    expect(screen.getByLabelText('Why you are asking for a meeting').tagName).toBe('TEXTAREA');
    expect(preview().textContent).toContain('I am the parent of Maya Lopez, in grade kindergarten.');
    expect(preview().textContent).toContain('These times work: [Times that work for you].');
    fireEvent.change(screen.getByLabelText('Times that work for you'), { target: { value: 'Tuesday mornings' } });
    expect(preview().textContent).toContain('These times work: Tuesday mornings.');
    expect(screen.getByText('Every field is filled in.')).toBeTruthy();
  });

  // Issue 24: the teacher in People was not offered as "To", and the parent's phone and email were left empty.
  it('offers the child\u2019s teachers for "To", and fills in the parent\u2019s phone and email', () => {
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper } = fakeTrpc(() => [], { role: 'owner', child: { firstName: 'Maya', lastName: 'Lopez' } });
    const letter: GuideTemplate = {
      ...template,
      fields: [
        { key: 'recipient', label: 'To', offer: 'child.teachers', multiline: false },
        { key: 'contact', label: 'Your phone or email', from: 'parent.contact', multiline: false },
      ],
      body: 'Dear {{recipient}},\n\n{{contact}}',
    };
    const people = [
      { name: 'Ms. Alvarez', role: 'teacher', phone: null, email: null },
      { name: 'Me', role: 'parent', phone: '+1 555 010 2030', email: 'a@example.com' },
    ] as const;
    render(<TemplateView template={letter} article={article} people={people} />, { wrapper });
    expect((screen.getByLabelText('Your phone or email') as HTMLInputElement).value).toBe('+1 555 010 2030, a@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Use as To: Ms. Alvarez' }));
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('Ms. Alvarez');
    expect(preview().textContent).toContain('Dear Ms. Alvarez,');
  });

  it('keeps what the parent typed through a reload of the screen', () => {
    const first = renderTemplate();
    fireEvent.change(screen.getByLabelText('Times that work for you'), { target: { value: 'After 3 pm' } });
    first.unmount();
    renderTemplate();
    expect((screen.getByLabelText('Times that work for you') as HTMLInputElement).value).toBe('After 3 pm');
    fireEvent.click(screen.getByRole('button', { name: 'Start again from the record' }));
    expect((screen.getByLabelText('Times that work for you') as HTMLInputElement).value).toBe('');
  });

  it('downloads the PDF of the filled paragraphs under the letter and child\u2019s name', async () => {
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:letter');
    fetchMock.mockResolvedValue(new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } }));
    renderTemplate();
    fireEvent.change(screen.getByLabelText('Times that work for you'), { target: { value: 'Mondays' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.download).toBe('Request for an IEP meeting - Maya.pdf');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/letters');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Request for an IEP meeting',
      paragraphs: [
        'I am the parent of Maya Lopez, in grade kindergarten.',
        'I would like to talk about:\n- Reading\n- Focus',
        'These times work: Mondays.',
      ],
    });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer aaa.bbb.ccc');
  });

  it('shows the server\u2019s words when it refuses the letter', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'UNPROCESSABLE_CONTENT', message: 'The letter is too long for one PDF' } }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderTemplate();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The letter is too long for one PDF');
  });

  it('says so when offline, without calling the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderTemplate();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('You\u2019re offline.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
