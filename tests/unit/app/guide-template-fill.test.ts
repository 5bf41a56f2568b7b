import { describe, expect, it } from 'vitest';
import { guideTemplatePath, LETTER_OF_MEDICAL_NECESSITY_TEMPLATE, type GuideTemplate } from '#shared/guide.ts';
import {
  emptyFields,
  fillParagraphs,
  letterDraftKey,
  letterFileName,
  letterGrade,
  letterOf,
  letterText,
  mergeValues,
  offeredNames,
  parentPhone,
  prefillValues,
  type TemplateRecord,
} from '../../../client/app/features/guide/template-fill.ts';
import { loadGuide } from '../../../scripts/guide-content.ts';
import { childFixture } from '../../helpers/fake-trpc.tsx';

const template: GuideTemplate = {
  id: 'request-for-an-evaluation',
  title: 'Request for an evaluation',
  summary: 'A letter asking the school to evaluate your child.',
  article: 'requesting-an-evaluation',
  fields: [
    { key: 'today', label: 'Date', from: 'today', multiline: false },
    { key: 'childName', label: "Child's full name", from: 'child.fullName', multiline: false },
    { key: 'dateOfBirth', label: 'Date of birth', from: 'child.dateOfBirth', multiline: false },
    { key: 'grade', label: 'Grade', from: 'child.grade', multiline: false },
    { key: 'plan', label: 'Current plan', from: 'child.supportPlan', multiline: false },
    { key: 'school', label: 'School', from: 'child.school', multiline: false },
    { key: 'concerns', label: 'What you have noticed', from: 'child.challenges', multiline: true },
    { key: 'diagnoses', label: 'Diagnoses', from: 'child.diagnoses', multiline: true },
    { key: 'parentName', label: 'Your name', from: 'parent.name', multiline: false },
    { key: 'contact', label: 'Your phone or email', multiline: false },
  ],
  body: '{{today}}\n\n{{school}}\n\nDear team,\n\nI ask for an evaluation of {{childName}}, born on {{dateOfBirth}}, in grade {{grade}} ({{plan}}).\n\nI am concerned about:\n{{concerns}}\n\nSincerely,\n{{parentName}}\n{{contact}}',
};

const record: TemplateRecord = {
  child: childFixture({
    firstName: 'Maya',
    lastName: 'Lopez',
    dateOfBirth: '2017-03-05',
    grade: '3',
    school: 'Lincoln Elementary',
    supportPlan: '504',
    challenges: ['Reading fluency', 'Starting homework'],
    diagnoses: ['Dyslexia'],
  }),
  parentName: 'Ana Lopez',
  today: 'Mar 10, 2026',
  formatDay: (day) => `day ${day}`,
};

describe('filling a letter template from the record', () => {
  it('starts each field from the record where the template says so, and leaves the rest empty', () => {
    expect(prefillValues(template, record)).toEqual({
      today: 'Mar 10, 2026',
      childName: 'Maya Lopez',
      dateOfBirth: 'day 2017-03-05',
      grade: '3',
      plan: '504 plan',
      school: 'Lincoln Elementary',
      concerns: '- Reading fluency\n- Starting homework',
      diagnoses: '- Dyslexia',
      parentName: 'Ana Lopez',
      contact: '',
    });
  });

  it('reads the grade as it follows "grade" in a sentence, and leaves it out when the child is not in school', () => {
    expect(['kindergarten', '11', 'not-in-school', null].map((grade) => letterGrade(grade as never))).toEqual([
      'kindergarten',
      '11',
      '',
      '',
    ]);
  });

  it('fills with nothing from a record that has nothing: no child, no name', () => {
    const values = prefillValues(template, { ...record, child: null, parentName: null });
    expect(values.childName).toBe('');
    expect(values.concerns).toBe('');
    expect(values.parentName).toBe('');
    expect(values.today).toBe('Mar 10, 2026');
  });

  it('splits the body into paragraphs at blank lines and keeps the lines inside one together', () => {
    const paragraphs = fillParagraphs(template, prefillValues(template, record));
    expect(paragraphs).toEqual([
      'Mar 10, 2026',
      'Lincoln Elementary',
      'Dear team,',
      'I ask for an evaluation of Maya Lopez, born on day 2017-03-05, in grade 3 (504 plan).',
      'I am concerned about:\n- Reading fluency\n- Starting homework',
      'Sincerely,\nAna Lopez\n[Your phone or email]',
    ]);
  });

  it('shows an empty field as its label in brackets, and says which fields are empty', () => {
    const values = { ...prefillValues(template, record), school: '   ', contact: 'ana@example.com' };
    expect(fillParagraphs(template, values)[1]).toBe('[School]');
    expect(emptyFields(template, values)).toEqual(['School']);
  });

  it('keeps a value with blank lines in one paragraph, so the letter keeps its shape', () => {
    const values = { ...prefillValues(template, record), concerns: 'Reading.\n\n\nWriting.\n' };
    expect(fillParagraphs(template, values)[4]).toBe('I am concerned about:\nReading.\nWriting.');
  });

  it('makes the letter the API takes, and the text the clipboard gets', () => {
    const letter = letterOf(template, prefillValues(template, record));
    expect(letter.title).toBe('Request for an evaluation');
    expect(letter.paragraphs).toHaveLength(6);
    expect(letterText(['One', 'Two\nlines'])).toBe('One\n\nTwo\nlines');
  });

  it('keeps what the parent typed over the record, for the template fields only', () => {
    const base = prefillValues(template, record);
    const merged = mergeValues(template, base, { contact: 'ana@example.com', school: 42, removedField: 'x' });
    expect(merged.contact).toBe('ana@example.com');
    expect(merged.school).toBe('Lincoln Elementary');
    expect(merged).not.toHaveProperty('removedField');
    expect(mergeValues(template, base, null)).toEqual(base);
  });

  it('names the PDF after the letter and the child, without characters a file name refuses', () => {
    expect(letterFileName(template, 'Maya')).toBe('Request for an evaluation - Maya.pdf');
    expect(letterFileName(template, null)).toBe('Request for an evaluation.pdf');
    expect(letterFileName({ title: 'A/B: letter?' }, 'Jo')).toBe('AB letter - Jo.pdf');
  });
});

describe('the letters to the school (issue 24)', () => {
  const { templates } = loadGuide();
  const people = [
    { name: 'Ms. Alvarez', role: 'teacher', phone: null, email: 'alvarez@school.example.org' },
    { name: 'Dr. Chen', role: 'doctor', phone: '555 010 9999', email: null },
    { name: 'Ana Lopez', role: 'parent', phone: '+1 555 010 2030', email: 'ANA@example.com' },
  ] as const;

  it.each(['request-for-an-evaluation', 'request-for-an-iep-meeting'])(
    '%s: the salutation reads "Dear <name>," with the role on its own line, and the contact is filled in',
    (id) => {
      const letter = templates.find((candidate) => candidate.id === id) as GuideTemplate;
      const phone = parentPhone(people, 'ana@example.com', 'Ana Lopez');
      const values = {
        ...prefillValues(letter, { ...record, parentEmail: 'ana@example.com', parentPhone: phone }),
        recipient: 'Ms. Alvarez',
        recipientRole: 'Special Education Coordinator',
      };
      const paragraphs = fillParagraphs(letter, values);
      expect(paragraphs).toContain('Dear Ms. Alvarez,');
      expect(paragraphs.some((paragraph) => paragraph.startsWith('Ms. Alvarez\nSpecial Education Coordinator\n'))).toBe(true);
      expect(paragraphs.at(-1)).toBe('Sincerely,\nAna Lopez\n+1 555 010 2030, ana@example.com');
      // The "To" field offers the child's teachers from People.
      const to = letter.fields.find((field) => field.key === 'recipient');
      expect(to?.offer).toBe('child.teachers');
      expect(offeredNames('child.teachers', people)).toEqual(['Ms. Alvarez']);
    },
  );

  it("fills the parent's phone only from a parent or guardian who is them, and the email alone otherwise", () => {
    expect(parentPhone(people, 'someone@example.com', 'Someone Else')).toBeNull();
    expect(parentPhone(people, null, 'ana lopez')).toBe('+1 555 010 2030');
    const contact = { ...template, fields: [{ key: 'contact', label: 'Your phone or email', from: 'parent.contact', multiline: false }] };
    expect(prefillValues(contact as GuideTemplate, { ...record, parentEmail: 'ana@example.com', parentPhone: null })).toEqual({
      contact: 'ana@example.com',
    });
  });
});

describe('the letter of medical necessity (issue 26)', () => {
  const lmn = loadGuide().templates.find((candidate) => candidate.id === LETTER_OF_MEDICAL_NECESSITY_TEMPLATE) as GuideTemplate;
  const expense = {
    provider: 'Calm Waters Therapy',
    category: 'therapy',
    serviceDate: '2026-11-03',
    serviceEndDate: '2026-11-24',
  } as const;

  it("starts from the child's diagnoses, challenges and strategies and the expense's service, provider and dates", () => {
    const values = prefillValues(lmn, { ...record, strategies: ['Visual schedule', 'Extra time on tests'], expense });
    const paragraphs = fillParagraphs(lmn, values);
    expect(paragraphs).toContain('Re: Letter of medical necessity for Maya Lopez, born day 2017-03-05');
    expect(paragraphs).toContain(
      'Service or item: Therapy\nProvider: Calm Waters Therapy\nDates of service: day 2026-11-03 to day 2026-11-24\nHow often and for how long: [How often and for how long]',
    );
    expect(paragraphs).toContain('Maya Lopez has the following diagnoses:\n- Dyslexia');
    expect(paragraphs).toContain('These cause difficulties that the service treats:\n- Reading fluency\n- Starting homework');
    expect(paragraphs).toContain('These steps have been tried at home and at school:\n- Visual schedule\n- Extra time on tests');
    // The clinician's name, details and signature stay for the clinician.
    expect(paragraphs.at(-1)).toBe("[Clinician's signature]\n[Clinician's name and credentials]\n[Clinician's practice and phone]");
    expect(emptyFields(lmn, values)).toEqual([
      'Plan or program',
      'How often and for how long',
      "Clinician's name and credentials",
      "Clinician's practice and phone",
      "Clinician's signature",
    ]);
  });

  it('leaves the service to the parent without an expense, or for an expense of another kind, and shows one day once', () => {
    const none = prefillValues(lmn, record);
    expect([none.service, none.provider, none.serviceDates, none.strategies]).toEqual(['', '', '', '']);
    const other = prefillValues(lmn, { ...record, expense: { ...expense, category: 'other', serviceEndDate: null } });
    expect([other.service, other.serviceDates]).toEqual(['', 'day 2026-11-03']);
  });

  it('is linked from an expense by its URL, and keeps a draft per expense', () => {
    expect(guideTemplatePath(LETTER_OF_MEDICAL_NECESSITY_TEMPLATE, 12)).toBe('/guide/templates/letter-of-medical-necessity?expenseId=12');
    expect(guideTemplatePath(LETTER_OF_MEDICAL_NECESSITY_TEMPLATE)).toBe('/guide/templates/letter-of-medical-necessity');
    expect(letterDraftKey('u1', 3, lmn.id, 12)).not.toBe(letterDraftKey('u1', 3, lmn.id, 13));
    expect(letterDraftKey('u1', 3, lmn.id, null)).toBe(letterDraftKey('u1', 3, lmn.id));
  });
});
