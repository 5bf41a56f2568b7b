// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import FormsPage from '../../../client/app/pages/forms-page.tsx';

afterEach(() => cleanup());

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
