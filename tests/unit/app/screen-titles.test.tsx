// @vitest-environment happy-dom
/**
 * WCAG 2.4.2 and 2.4.3: each screen has its own document title, and moving to another screen puts
 * focus on its heading (a page load leaves focus at the top); a screen named by its data says so.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { Screen, useScreenTitle } from '../../../client/app/components/screen.tsx';
import { MAIN_CONTENT_ID } from '../../../client/components/ui/skip-link.tsx';

function Article() {
  useScreenTitle('Asking for an evaluation');
  return <h1>Asking for an evaluation</h1>;
}

/** A screen whose heading comes with its data, a moment after it opens. */
function Slow() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? <h1>Roadmap</h1> : <button onClick={() => setLoaded(true)}>load</button>;
}

function App() {
  return (
    <>
      <nav>
        <Link to="/vault">Vault</Link>
        <Link to="/guide/evaluation">Article</Link>
        <Link to="/roadmap">Roadmap</Link>
      </nav>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Routes>
          <Route
            path="/app"
            element={
              <Screen title="Dashboard">
                <h1>Dashboard</h1>
              </Screen>
            }
          />
          <Route
            path="/vault"
            element={
              <Screen title="Document vault">
                <h1>Document vault</h1>
              </Screen>
            }
          />
          <Route
            path="/guide/:slug"
            element={
              <Screen title="Guide article">
                <Article />
              </Screen>
            }
          />
          <Route
            path="/roadmap"
            element={
              <Screen title="Roadmap">
                <Slow />
              </Screen>
            }
          />
        </Routes>
      </main>
    </>
  );
}

afterEach(() => cleanup());

describe('screens', () => {
  it('each has its own title; a move puts focus on the new heading, a page load does not', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/app']}>
        <App />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Dashboard · Trelli');
    expect(document.activeElement).toBe(document.body);

    await user.click(screen.getByRole('link', { name: 'Vault' }));
    expect(document.title).toBe('Document vault · Trelli');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Document vault' }));

    await user.click(screen.getByRole('link', { name: 'Article' }));
    expect(document.title).toBe('Asking for an evaluation · Trelli');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Asking for an evaluation' }));
  });

  it('a screen still loading holds focus on <main> until its heading comes', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/app']}>
        <App />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Roadmap' }));
    expect(document.title).toBe('Roadmap · Trelli');
    expect(document.activeElement?.id).toBe(MAIN_CONTENT_ID);
    await act(async () => screen.getByRole('button', { name: 'load' }).click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Roadmap' }));
  });
});
