// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guideTemplatePath, LETTER_OF_MEDICAL_NECESSITY_TEMPLATE } from '#shared/guide.ts';
import GuideTemplatePage from '../../../client/app/pages/guide-template-page.tsx';
import { childIdLink } from '../../../client/app/trpc/child-id-link.ts';
import { getSelectedChildId, setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';

/** Opens `path` in the test's router, as a link from another screen does. */
function Open({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(path);
  }, [navigate, path]);
  return null;
}

const strategy = (title: string, active: boolean) => ({ id: title.length, title, active });

const expense = {
  id: 12,
  provider: 'Bright Minds Tutoring',
  category: 'tutoring',
  serviceDate: '2026-11-03',
  serviceEndDate: '2026-11-24',
};

function renderLetter(path: string) {
  const { wrapper, calls } = fakeTrpc(
    (op) => {
      if (op.path === 'strategies.list') return [strategy('Audiobooks for class texts', true), strategy('Old sticker chart', false)];
      if (op.path === 'expenses.get') return expense;
      return [];
    },
    {
      role: 'owner',
      child: { firstName: 'Maya', lastName: 'Lopez', diagnoses: ['Dyslexia'], challenges: ['Reading aloud'] },
      // The app's link: the selected child's id is added to a child-scoped call.
      links: [childIdLink(getSelectedChildId)],
    },
  );
  render(
    <>
      <Open path={path} />
      <Routes>
        <Route path="/guide/templates/:id" element={<GuideTemplatePage />} />
        <Route path="*" element={null} />
      </Routes>
    </>,
    { wrapper },
  );
  return () => calls('expenses.get').map((op) => op.input);
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;

beforeEach(() => {
  setSelectedChildId(1);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the letter of medical necessity', () => {
  it("opened from an expense, starts from the expense's service, provider and dates and the child's strategies in use", async () => {
    const expenseReads = renderLetter(guideTemplatePath(LETTER_OF_MEDICAL_NECESSITY_TEMPLATE, 12));
    expect(await screen.findByRole('heading', { level: 1, name: 'Letter of medical necessity' })).toBeTruthy();
    expect(value('Service or item')).toBe('Tutoring');
    expect(value('Provider')).toBe('Bright Minds Tutoring');
    expect(value('Dates of service')).toBe('Nov 3, 2026 to Nov 24, 2026');
    expect(value('Diagnoses')).toBe('- Dyslexia');
    expect(value('The difficulties it treats')).toBe('- Reading aloud');
    expect(value('What has been tried')).toBe('- Audiobooks for class texts');
    expect(screen.getByText(/and the expense from Bright Minds Tutoring/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Preview' }).textContent).toContain("[Clinician's signature]");
    expect(expenseReads()).toEqual([{ id: 12, childId: 1 }]);
  });

  it('opened from the guide, leaves the service for the parent to fill in and reads no expense', async () => {
    const expenseReads = renderLetter(guideTemplatePath(LETTER_OF_MEDICAL_NECESSITY_TEMPLATE));
    expect(await screen.findByRole('heading', { level: 1, name: 'Letter of medical necessity' })).toBeTruthy();
    expect([value('Service or item'), value('Provider'), value('Dates of service')]).toEqual(['', '', '']);
    expect(value('What has been tried')).toBe('- Audiobooks for class texts');
    expect(expenseReads()).toEqual([]);
  });
});
