// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import HelpCenterPage from '../../../client/site/pages/help-center.tsx';
import { HELP_ARTICLES, filterHelpArticles } from '../../../client/site/content/help-articles.ts';

afterEach(cleanup);

/** The questions on screen (each summary's text, without its decorative "+"). */
const questions = () => [...document.querySelectorAll('summary')].map((summary) => summary.querySelector('span')?.textContent);

describe('help center', () => {
  it('lists every question until the parent types', () => {
    render(
      <MemoryRouter>
        <HelpCenterPage />
      </MemoryRouter>,
    );
    expect(questions()).toHaveLength(HELP_ARTICLES.length);
    expect(screen.getByRole('status').textContent).toBe(`${HELP_ARTICLES.length} questions and answers.`);
  });

  it('narrows the questions to those matching every word typed, ignoring case', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HelpCenterPage />
      </MemoryRouter>,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search the Help Center' }), 'NEW teacher snapshot');
    expect(questions()).toEqual(['How do I share a snapshot with a new teacher?']);
    expect(screen.getByRole('status').textContent).toBe(`1 of ${HELP_ARTICLES.length} questions match “NEW teacher snapshot”.`);
    // The matching answer is open so it can be read straight away.
    expect(screen.getByText(/choose the sections you want to include/).closest('details')?.open).toBe(true);
  });

  it('says so, and points to the contact page, when nothing matches', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HelpCenterPage />
      </MemoryRouter>,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search the Help Center' }), 'zebra');
    expect(questions()).toEqual([]);
    const empty = screen.getByRole('heading', { name: 'No answers match your search' }).parentElement as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'ask us directly' }).getAttribute('href')).toBe('/contact');

    await user.clear(screen.getByRole('searchbox'));
    expect(questions()).toHaveLength(HELP_ARTICLES.length);
  });

  it('matches answers and topics too, and ignores apostrophes and accents', () => {
    expect(filterHelpArticles(HELP_ARTICLES, 'FSA').map((article) => article.id)).toEqual(['reimbursements']);
    expect(filterHelpArticles(HELP_ARTICLES, 'cant sign').map((article) => article.id)).toEqual(['sign-in-trouble']);
    expect(filterHelpArticles(HELP_ARTICLES, 'privacy and security').every((article) => article.topic === 'Privacy and security')).toBe(true);
    expect(filterHelpArticles(HELP_ARTICLES, 'dócuments vault').length).toBeGreaterThan(0);
    expect(filterHelpArticles(HELP_ARTICLES, '   ')).toHaveLength(HELP_ARTICLES.length);
  });
});
