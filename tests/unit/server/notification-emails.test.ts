import { describe, expect, it } from 'vitest';
import {
  digestEmail,
  formAnswerEmail,
  longDay,
  reminderEmail,
  type DigestEmail,
} from '../../../server/features/notifications/notification-emails.ts';

const APP = 'https://trelli.example';

const week: DigestEmail = {
  to: 'parent@example.com',
  childFirstName: 'Maya',
  weekStart: '2026-11-16',
  weekEnd: '2026-11-22',
  wins: [],
  winCount: 0,
  observationCount: 0,
  progress: [],
  progressCount: 0,
  milestones: [],
  milestoneDays: 14,
};

describe('notification emails', () => {
  it('a form answer says who answered which form about whom, and where to approve it, in the subject and the text', () => {
    const mail = formAnswerEmail(
      {
        to: 'parent@example.com',
        childFirstName: 'Maya',
        formTitle: 'Weekly\ncheck-in',
        recipientName: 'Ms Lee',
        recipientRole: 'teacher',
      },
      APP,
    );
    expect(mail.to).toBe('parent@example.com');
    expect(mail.subject).toBe('Ms Lee (teacher) answered \u201cWeekly check-in\u201d about Maya');
    expect(mail.text).toContain('open the Snapshots page to approve it into the record or leave it out.');
    expect(mail.text).toContain(`${APP}/snapshots`);
    expect(mail.text).toContain(
      `emails about form answers are on in Trelli.\nTo change or stop these emails, go to Settings: ${APP}/settings`,
    );
  });

  it('a reminder names the child, the milestone, the day and how far off it is, with what to do when the parent wrote it', () => {
    const mail = reminderEmail(
      {
        to: 'parent@example.com',
        childFirstName: 'James',
        title: 'Annual\nIEP review',
        dueDate: '2026-12-15',
        whatToDo: 'Ask for a draft of the new IEP.',
        daysBefore: 7,
      },
      APP,
    );
    expect(mail.to).toBe('parent@example.com');
    expect(mail.subject).toBe('James\u2019 Annual IEP review: in a week');
    expect(mail.text).toContain('"Annual IEP review" on James\u2019 roadmap is in a week, on Tuesday, December 15, 2026.');
    expect(mail.text).toContain('What you can do to get ready:\nAsk for a draft of the new IEP.');
    expect(mail.text).toContain(`${APP}/roadmap`);
    expect(mail.text).toContain(
      `reminders 7 days before a milestone are on in Trelli.\nTo change or stop these emails, go to Settings: ${APP}/settings`,
    );

    const tomorrow = reminderEmail(
      { to: 'p@example.com', childFirstName: 'Ava', title: 'Meeting', dueDate: '2026-12-15', whatToDo: null, daysBefore: 1 },
      APP,
    );
    expect(tomorrow.subject).toBe('Ava\u2019s Meeting: tomorrow');
    expect(tomorrow.text).not.toContain('What you can do');
  });

  it('the digest puts the wins first, then the notes, the progress and what is coming; long lists end with how many more', () => {
    const mail = digestEmail(
      {
        ...week,
        wins: [{ what: 'Tied her shoes\nall by herself' }, { what: 'Read aloud' }],
        winCount: 12,
        observationCount: 20,
        progress: [{ goalTitle: 'Words per minute', value: 42.5, unit: 'wpm', recordedOn: '2026-11-18' }],
        progressCount: 1,
        milestones: [{ title: 'Conference', dueDate: '2026-11-26' }],
      },
      APP,
    );
    expect(mail.subject).toBe('Maya\u2019s week in Trelli (Mon, Nov 16 to Sun, Nov 22)');
    const lines = mail.text.split('\n');
    const at = (line: string) => lines.indexOf(line);
    expect(at('Wins (12)')).toBeGreaterThan(0);
    expect(lines.slice(at('Wins (12)') + 1, at('Wins (12)') + 4)).toEqual([
      '  * Tied her shoes all by herself',
      '  * Read aloud',
      '  ...and 10 more',
    ]);
    expect(at('20 observations were logged this week.')).toBeGreaterThan(at('Wins (12)'));
    expect(at('  * Words per minute: 42.5 wpm (Wed, Nov 18)')).toBeGreaterThan(at('20 observations were logged this week.'));
    expect(at('  * Thu, Nov 26: Conference')).toBeGreaterThan(at('Progress (1)'));
    expect(mail.text).toContain(`Open Trelli: ${APP}/app`);
    expect(mail.text).toContain(`weekly digests are on in Trelli.\nTo change or stop these emails, go to Settings: ${APP}/settings`);
  });

  it('a quiet week says so kindly, in each part', () => {
    const { text } = digestEmail(week, APP);
    expect(text).toContain('No wins were marked this week. When something goes well, mark it as a win and it will be here.');
    expect(text).toContain('No observations were logged this week.');
    expect(text).toContain('No progress was recorded on goals this week.');
    expect(text).toContain('Nothing on the roadmap in the next 14 days.');
    expect(digestEmail({ ...week, observationCount: 1 }, APP).text).toContain('1 observation was logged this week.');
  });

  it('days are written out in UTC, whatever the server\u2019s time zone', () => {
    expect(longDay('2027-01-01')).toBe('Friday, January 1, 2027');
  });
});
