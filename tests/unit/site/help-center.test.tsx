// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import HelpCenterPage from '../../../client/site/pages/help-center.tsx';
import {
  HELP_ARTICLES,
  filterHelpArticles,
  publishedArticles,
  type HelpArticleSource,
} from '../../../client/site/content/help-articles.ts';

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
    await user.type(screen.getByRole('searchbox', { name: 'Search the Help Center' }), 'DELETE child profile');
    expect(questions()).toEqual(['How do I delete a child profile?']);
    expect(screen.getByRole('status').textContent).toBe(`1 of ${HELP_ARTICLES.length} questions match “DELETE child profile”.`);
    // The matching answer is open so it can be read straight away.
    const answer = HELP_ARTICLES.find((article) => article.id === 'delete-child')?.answer ?? '';
    expect(screen.getByText(answer).closest('details')?.open).toBe(true);
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
    expect(filterHelpArticles(HELP_ARTICLES, 'QUICK Capture').map((article) => article.id)).toEqual(['how-to-start']);
    expect(filterHelpArticles(HELP_ARTICLES, 'cant sign').map((article) => article.id)).toEqual(['sign-in-trouble']);
    expect(filterHelpArticles(HELP_ARTICLES, 'privacy and security').every((article) => article.topic === 'Privacy and security')).toBe(
      true,
    );
    expect(filterHelpArticles(HELP_ARTICLES, 'dócument vault').length).toBeGreaterThan(0);
    expect(filterHelpArticles(HELP_ARTICLES, '   ')).toHaveLength(HELP_ARTICLES.length);
  });

  it('shows an article about a part of Trelli that is coming with its coming answer, or leaves it out', () => {
    const articles: HelpArticleSource[] = [
      { id: 'general', topic: 'T', question: 'General?', answer: 'Always.' },
      { id: 'vault', topic: 'T', question: 'Vault?', answer: 'In the vault.', feature: 'document-vault' },
      { id: 'export', topic: 'T', question: 'Export?', answer: 'From Settings.', feature: 'export', comingAnswer: 'On the way; ask us.' },
    ];
    expect(publishedArticles(articles, () => false).map((article) => [article.id, article.answer])).toEqual([
      ['general', 'Always.'],
      ['export', 'On the way; ask us.'],
    ]);
    expect(publishedArticles(articles, () => true).map((article) => [article.id, article.answer])).toEqual([
      ['general', 'Always.'],
      ['vault', 'In the vault.'],
      ['export', 'From Settings.'],
    ]);
    expect(publishedArticles(articles, (id) => id === 'export').map((article) => article.id)).toEqual(['general', 'export']);
  });
});

// Issue 24: the vault's answer said "only you can open them", though invited caregivers can.
describe('the vault answer', () => {
  it('says who can open the files: the parent and the people they invite', () => {
    const vault = HELP_ARTICLES.find((article) => article.id === 'upload-documents');
    expect(vault?.answer).toContain('only you and the people you invite to the child\u2019s record can open them.');
    expect(vault?.answer).not.toContain('only you can open them');
  });
});
