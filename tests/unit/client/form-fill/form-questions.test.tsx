// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../../../shared/form-answers.ts';
import { FormIntro, FormQuestions, parseNumberAnswer, type FillQuestion } from '../../../../client/components/form-fill/form-questions.tsx';

const base = { required: false, unit: null, scaleLow: null, scaleHigh: null };
const QUESTIONS: FillQuestion[] = [
  { ...base, id: 'starts', kind: 'count', prompt: 'How many times did she start work without a prompt?', required: true },
  { ...base, id: 'calm', kind: 'yes-no', prompt: 'Was the week calm?' },
  { ...base, id: 'focus', kind: 'scale', prompt: 'How well did she focus?', scaleLow: 'Not at all', scaleHigh: 'Every time' },
  { ...base, id: 'words', kind: 'number', prompt: 'Words read per minute', unit: 'wpm' },
  { ...base, id: 'test', kind: 'date', prompt: 'When is the next test?' },
  { ...base, id: 'notes', kind: 'text', prompt: 'Anything else?' },
];

let seen: Record<string, AnswerValue> = {};
function Harness({ issues = {}, initial = {} }: { issues?: Record<string, string>; initial?: Record<string, AnswerValue> }) {
  const [values, setValues] = useState<Record<string, AnswerValue>>(initial);
  return (
    <FormQuestions
      questions={QUESTIONS}
      values={values}
      issues={issues}
      onChange={(id, value) => {
        seen = { ...seen, [id]: value };
        setValues((all) => ({ ...all, [id]: value }));
      }}
    />
  );
}

afterEach(() => {
  cleanup();
  seen = {};
});

describe('the form questions', () => {
  it('a count: typed as a whole number, one more and one less, required said in words', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: /How many times.*\(required\)/ });
    const input = within(group).getByRole('textbox');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(input, { target: { value: '3' } });
    expect(seen.starts).toBe(3);
    fireEvent.click(within(group).getByRole('button', { name: 'One more' }));
    expect(seen.starts).toBe(4);
    expect((input as HTMLInputElement).value).toBe('4');
    fireEvent.click(within(group).getByRole('button', { name: 'One less' }));
    fireEvent.click(within(group).getByRole('button', { name: 'One less' }));
    expect(seen.starts).toBe(2);
    fireEvent.change(input, { target: { value: '' } });
    expect(seen.starts).toBeNull();
    expect((within(group).getByRole('button', { name: 'One less' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('yes or no: two radio buttons', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: /Was the week calm\?.*\(optional\)/ });
    fireEvent.click(within(group).getByRole('radio', { name: 'No' }));
    expect(seen.calm).toBe(false);
    fireEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(seen.calm).toBe(true);
  });

  it('a scale: five choices, the ends labelled and describing 1 and 5', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: /How well did she focus/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(group.textContent).toContain('1 = Not at all');
    expect(group.textContent).toContain('5 = Every time');
    const description = (radio: HTMLElement) => document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description(radios[0]!)).toBe('Not at all');
    expect(description(radios[4]!)).toBe('Every time');
    fireEvent.click(radios[3]!);
    expect(seen.focus).toBe(4);
  });

  it('a number: decimals (a comma too), with its unit shown and describing the field', () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: /Words read per minute/ });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('wpm');
    fireEvent.change(input, { target: { value: '42.5' } });
    expect(seen.words).toBe(42.5);
    fireEvent.change(input, { target: { value: '2,5' } });
    expect(seen.words).toBe(2.5);
    expect((input as HTMLInputElement).value).toBe('2,5');
    fireEvent.change(input, { target: { value: 'lots' } });
    expect(seen.words).toBe('lots');
    expect(parseNumberAnswer(' ')).toBeNull();
  });

  it('a date: a date field', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: /When is the next test/ });
    const input = group.querySelector('input') as HTMLInputElement;
    expect(input.type).toBe('date');
    fireEvent.change(input, { target: { value: '2026-12-03' } });
    expect(seen.test).toBe('2026-12-03');
  });

  it('a text: characters left, then too many', () => {
    render(<Harness />);
    const box = screen.getByRole('textbox', { name: /Anything else/ });
    expect(screen.getByText('1,000 characters left')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Good week' } });
    expect(seen.notes).toBe('Good week');
    expect(screen.getByText('991 characters left')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(1002) } });
    expect(screen.getByText('2 characters too many')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('an issue is tied to its question: described by it, marked invalid', () => {
    render(<Harness issues={{ starts: 'Please answer this question', focus: 'Choose from 1 to 5' }} />);
    const count = within(screen.getByRole('group', { name: /How many times/ })).getByRole('textbox');
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(count.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Please answer this question');
    const scale = screen.getByRole('radiogroup', { name: /How well did she focus/ });
    expect(scale.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(scale.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Choose from 1 to 5');
  });

  it('the intro: the title, who asks and the intro line, only the first name', () => {
    render(<FormIntro title="Weekly check-in" intro="Thank you for helping!" firstName="Maya" recipientName="Ms Lee" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly check-in' })).toBeTruthy();
    expect(screen.getByText(/Hello Ms Lee\. Maya's family asked for your answers/)).toBeTruthy();
    expect(screen.getByText('Thank you for helping!')).toBeTruthy();
  });
});
