// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { formFromTemplate, FORM_TEMPLATE_NAMES } from '#shared/form-templates.ts';
import { formCreateSchema, type FormCreate, type FormLinkCreate } from '#shared/schemas/form.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import { AskForDataButton } from '../../../client/app/components/ask-for-data-button.tsx';
import { FormEditor } from '../../../client/app/features/forms/form-editor.tsx';
import { fakeTrpc, type FakeOp } from '../../helpers/fake-trpc.tsx';
import { formFixture, goalFixture } from './form-editor-fixtures.ts';
import { renderWithFlags, useFakeServerFlags } from './server-flags.tsx';

useFakeServerFlags();

const CREATED = { id: 31, link: 'https://trelli.test/forms/5/fill#tok', expiresAt: '2026-12-04T10:00:00.000Z' };

function renderEditor({ mailConfigured = false, emailed = false, answer = (_op: FakeOp): unknown => undefined } = {}) {
  const api = fakeTrpc(
    (op) => {
      const given = answer(op);
      if (given !== undefined) return given;
      if (op.path === 'forms.byId') return formFixture();
      if (op.path === 'goals.list') return [goalFixture()];
      if (op.path === 'notifications.get') return { mailConfigured };
      if (op.path === 'forms.share') return { ...CREATED, emailed };
      return [];
    },
    { role: 'owner' },
  );
  renderWithFlags(<FormEditor formId={5} firstName="Sam" />, api);
  return api;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Send to someone' }));
  return screen.findByRole('region', { name: /^Send “/ });
}

describe('Send to someone', { timeout: 20_000 }, () => {
  it('asks who will answer and for 1 to 60 days before making a link, and sends nothing until then', async () => {
    const api = renderEditor();
    const dialog = await openDialog();
    const days = within(dialog).getByRole('spinbutton', { name: /Days the link works/ });
    expect((days as HTMLInputElement).value).toBe('14');
    fireEvent.change(days, { target: { value: '61' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make the link' }));
    expect(await within(dialog).findByText('Say who will answer')).toBeTruthy();
    expect(within(dialog).getByText('Choose from 1 to 60 days')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /Who will answer/ }));
    expect(api.calls('forms.share')).toHaveLength(0);
    // No mail on this server: no email field.
    expect(within(dialog).queryByRole('textbox', { name: /Email it to/ })).toBeNull();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Who will answer/ }), { target: { value: ' Ms Lee ' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'They are' }), { target: { value: 'therapist' } });
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Works once/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make the link' }));
    await waitFor(() => expect(api.calls('forms.share')).toHaveLength(1));
    expect(api.calls('forms.share')[0]?.input).toEqual({
      id: 5,
      data: { recipientName: 'Ms Lee', recipientRole: 'therapist', expiresInDays: 30, singleUse: true } satisfies FormLinkCreate,
    });
    const link = await within(dialog).findByRole('textbox', { name: 'Link to the form' });
    expect((link as HTMLInputElement).value).toBe(CREATED.link);
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(within(dialog).queryByText(/Emailed to/)).toBeNull();
  });

  it('offers an email field when this server sends mail, checks it, and says where the link was emailed', async () => {
    const api = renderEditor({ mailConfigured: true, emailed: true });
    const dialog = await openDialog();
    const email = await within(dialog).findByRole('textbox', { name: /Email it to/ });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Who will answer/ }), { target: { value: 'Ms Lee' } });
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make the link' }));
    expect(await within(dialog).findByText('Enter an email address')).toBeTruthy();
    expect(api.calls('forms.share')).toHaveLength(0);
    fireEvent.change(email, { target: { value: 'lee@school.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make the link' }));
    await waitFor(() => expect(api.calls('forms.share')).toHaveLength(1));
    expect(api.calls('forms.share')[0]?.input).toMatchObject({ data: { recipientEmail: 'lee@school.example' } });
    expect(await within(dialog).findByText('Emailed to lee@school.example.')).toBeTruthy();
  });

  it('is not offered before the form has a question', async () => {
    renderEditor({ answer: (op) => (op.path === 'forms.byId' ? formFixture({ questions: [] }) : undefined) });
    expect(await screen.findByText('Add a question to send the form to someone.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send to someone' })).toBeNull();
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAsk(role: ChildRole, props: Parameters<typeof AskForDataButton>[0]) {
  const api = fakeTrpc((op) => (op.path === 'forms.create' ? formFixture({ id: 44 }) : []), { role });
  renderWithFlags(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <AskForDataButton {...props} />
            <Where />
          </>
        }
      />
    </Routes>,
    api,
  );
  return api;
}

describe('AskForDataButton', { timeout: 20_000 }, () => {
  it('makes a form from the goal template tied to the goal and opens its editor', async () => {
    const api = renderAsk('updater', { template: 'goal', goal: { id: 3, title: 'Read 80 words a minute', unit: 'words per minute' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for data on this goal: Read 80 words a minute' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/forms/44/edit'));
    const { data } = api.calls('forms.create').at(0)!.input as { data: FormCreate };
    expect(data.template).toBe('goal');
    expect(data.questions.map((question) => [question.kind, question.goalId])).toEqual([
      ['number', 3],
      ['scale', 3],
      ['text', 3],
    ]);
    // The goal's title stays with the parent: not in anything the recipient reads.
    expect(JSON.stringify(data)).not.toContain('Read 80 words');
    expect(JSON.stringify(data)).toContain('Sam');
  });

  it('is not there for a viewer', async () => {
    renderAsk('viewer', { template: 'teacher-weekly' });
    expect(await screen.findByTestId('where')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask a teacher' })).toBeNull();
  });
});

describe('the form templates', () => {
  it('each make a form the server accepts, with ids q1..qn and the first name in the wording', () => {
    for (const template of FORM_TEMPLATE_NAMES) {
      const form = formFromTemplate(template, { firstName: 'Maya', goal: { id: 3, unit: null } });
      expect(formCreateSchema.safeParse(form).success).toBe(true);
      expect(form.questions.map((question) => question.id)).toEqual(form.questions.map((_, index) => `q${index + 1}`));
      expect(JSON.stringify(form)).toContain('Maya');
    }
    const weekly = formFromTemplate('teacher-weekly', { firstName: 'Maya' });
    expect(weekly.questions.map((question) => [question.kind, question.prompt])).toEqual([
      ['count', 'How many times this week did Maya start work without a prompt?'],
      ['scale', 'How was Maya’s focus this week?'],
      ['yes-no', 'Did Maya hand in homework every day?'],
      ['text', 'Anything else I should know?'],
    ]);
    expect(weekly.questions[1]).toMatchObject({ scaleLow: 'Not focused', scaleHigh: 'Very focused' });
    // A goal without a unit is asked about as a count.
    expect(formFromTemplate('goal', { firstName: 'Maya', goal: { id: 3, unit: null } }).questions[0]).toMatchObject({
      kind: 'count',
      goalId: 3,
    });
  });
});
