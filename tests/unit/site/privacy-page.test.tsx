// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { CONTACT_RETENTION_DAYS } from '#shared/schemas/contact-limits.ts';
import PrivacyPage from '../../../client/site/pages/privacy.tsx';

afterEach(cleanup);

it('states how long contact messages are kept: the retention the server purges by', () => {
  render(
    <MemoryRouter>
      <PrivacyPage />
    </MemoryRouter>,
  );
  expect(screen.getByText(/contact form are deleted/).textContent).toContain(
    `deleted automatically ${CONTACT_RETENTION_DAYS} days after they arrive`,
  );
});
