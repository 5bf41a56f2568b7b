// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import FormEditPage from '../../../client/app/pages/form-edit-page.tsx';
import FormsPage from '../../../client/app/pages/forms-page.tsx';

afterEach(() => cleanup());

// Issue 24: "Nothing here yet. When this screen is ready, it will appear here." read as an empty list.
it.each([['/forms/{id}/edit', FormEditPage]] as const)(
  '%s says plainly that it is still being built, with the site\u2019s Coming tag',
  (_path, Page) => {
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByText('Coming')).toBeTruthy();
    expect(screen.getByText('This part of Trelli is still being built. It does not work yet.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Nothing here yet/);
  },
);

it('/forms keeps the SPEC placeholder and says where smart forms work today', () => {
  render(
    <MemoryRouter>
      <FormsPage />
    </MemoryRouter>,
  );
  const text = document.body.textContent ?? '';
  expect(text).toContain('This feature is under development.');
  expect(text).not.toMatch(/in the meantime/i);
  expect(text).toContain('Smart forms work from Snapshots: choose Ask a teacher there, or Ask for data on a goal in the progress planner.');
  expect(screen.getByRole('link', { name: 'Go to Snapshots' }).getAttribute('href')).toBe('/snapshots');
});
