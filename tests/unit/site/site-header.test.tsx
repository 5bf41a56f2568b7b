// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SiteHeader } from '../../../client/site/components/site-header.tsx';

afterEach(cleanup);

function renderHeader(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteHeader />
      <Routes>
        <Route path="*" element={<p data-testid="where" />} />
      </Routes>
    </MemoryRouter>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
/** The panel the menu button controls (aria-controls). */
function mobileMenu(): HTMLElement {
  const panel = document.getElementById(menuButton().getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('the menu button controls no element');
  expect(panel.getAttribute('aria-label')).toBe('Main menu');
  return panel;
}

describe('site header', () => {
  it('shows the name, the tagline and a Sign In link to /sign-in', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: /Trelli\s*track\. plan\. thrive\./ }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/sign-in');
  });

  // Issue 24: the beta page, reached just after signing up, offered "Sign In" to a signed-up parent.
  it('offers no Sign In on the beta page, where the parent has just signed up', () => {
    renderHeader('/beta-access');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('lists About, Features, Security, Pricing and Contact in the main navigation', () => {
    renderHeader('/pricing');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['About', 'Features', 'Security', 'Pricing', 'Contact']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/about', '/features', '/security', '/pricing', '/contact']);
    expect(links[3]?.getAttribute('aria-current')).toBe('page');
  });

  it('opens and closes the mobile menu with its button', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(mobileMenu().hidden).toBe(true);

    await user.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(mobileMenu().hidden).toBe(false);

    await user.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(mobileMenu().hidden).toBe(true);
  });

  it('closes the mobile menu when a link in it is chosen', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    const features = [...mobileMenu().querySelectorAll('a')].find((link) => link.textContent === 'Features');
    expect(features).toBeDefined();
    await user.click(features as HTMLAnchorElement);
    expect(mobileMenu().hidden).toBe(true);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the mobile menu when the chosen link is the page already shown', async () => {
    const user = userEvent.setup();
    renderHeader('/features');
    await user.click(menuButton());
    const features = [...mobileMenu().querySelectorAll('a')].find((link) => link.textContent === 'Features');
    await user.click(features as HTMLAnchorElement);
    expect(mobileMenu().hidden).toBe(true);
  });

  it('closes the mobile menu on Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    const first = mobileMenu().querySelector('a') as HTMLAnchorElement;
    first.focus();
    await user.keyboard('{Escape}');
    expect(mobileMenu().hidden).toBe(true);
    expect(document.activeElement).toBe(menuButton());
  });
});
