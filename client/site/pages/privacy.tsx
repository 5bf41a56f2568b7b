import { Link } from 'react-router-dom';
import { CONTACT_RETENTION_DAYS } from '#shared/schemas/contact-limits.ts';
import { PageHero, Prose } from '../components/page-layout.tsx';
import { byStatus, isAvailable } from '../content/feature-status.ts';
import { capitalise, listOf } from '../content/words.ts';
import { canExportAndDelete, DATA_TOOLS, whoElseSees } from '../content/your-data.ts';

/** What a parent can add about a child: the records of the features that work today. */
const RECORDS = [
  'profiles',
  'observations',
  'goals and progress entries',
  'strategies',
  'milestones',
  ...(isAvailable('document-vault') ? ['documents'] : []),
  ...(isAvailable('reimbursements') ? ['reimbursement records'] : []),
  ...(isAvailable('snapshots') ? ['snapshots'] : []),
  ...(isAvailable('smart-forms') ? ['form answers'] : []),
];

const deletable = [
  'records',
  ...(isAvailable('child-deletion') ? ['child profiles'] : []),
  ...(isAvailable('account-deletion') ? ['your whole account'] : []),
];
const deletionComing = DATA_TOOLS.filter((tool) => tool.id !== 'export' && !isAvailable(tool.id)).map((tool) => tool.coming);

export default function PrivacyPage() {
  return (
    <>
      <PageHero page="privacy" kicker="Legal">
        <p>
          This policy explains what information Trelli collects, why, who can see it, how long we keep it and the choices you have. We have
          tried to write it the way we would want it explained to us.
        </p>
      </PageHero>
      <Prose>
        <p>Last updated: 2025.</p>

        <h2>The short version</h2>
        <ul>
          <li>You own what you put into Trelli. We use it only to run Trelli for you.</li>
          <li>We never sell your information, show ads or share it with advertisers.</li>
          <li>
            {canExportAndDelete()
              ? 'You can export or delete your information whenever you want.'
              : 'You can change or delete your records whenever you want, and ask us for a copy of everything or to delete your account.'}
          </li>
        </ul>

        <h2>What we collect</h2>
        <h3>Information you give us</h3>
        <ul>
          <li>Your account details: your email address and what you need to sign in. We never keep your password itself.</li>
          <li>What you add about your children: {listOf(RECORDS)}.</li>
          <li>Messages you send us through the contact form: your name, email address, topic and message.</li>
        </ul>
        <h3>Information collected as you use Trelli</h3>
        <ul>
          <li>Basic technical records, such as the time of a request and error reports, to keep the service working and secure.</li>
          <li>A small amount of information kept in your browser for the current session, such as which child you last selected.</li>
        </ul>
        <p>We do not use advertising cookies or third-party trackers.</p>

        <h2>Information about children</h2>
        <p>
          Trelli is for parents and caregivers, not for children to use themselves. The information about a child in Trelli is added and
          controlled by their parent or caregiver, who can change or delete it at any time.
          {isAvailable('smart-forms')
            ? ' Teachers and therapists who fill in a smart form you send them see only that form and your child’s first name; their answers join your records only when you approve them.'
            : null}
        </p>

        <h2>How we use information</h2>
        <ul>
          <li>
            {byStatus('snapshots', {
              available:
                'To provide Trelli: store your records, show them to you, suggest milestones for your child’s roadmap and create the snapshots you ask for.',
              coming: 'To provide Trelli: store your records, show them to you and suggest milestones for your child’s roadmap.',
            })}
          </li>
          <li>
            To send the emails you choose in Settings: reminders before the milestones on your child’s roadmap, and a weekly digest if you
            turn it on.
          </li>
          <li>To keep Trelli secure, prevent abuse and fix problems.</li>
          <li>To reply to you when you contact us, and to tell you about important changes to the service.</li>
        </ul>
        <p>We do not use what you write about your child to build marketing profiles or to train AI models.</p>

        <h2>Who can see it</h2>
        <ul>
          <li>You, when signed in to your account.</li>
          {whoElseSees().map((who) => (
            <li key={who}>{capitalise(who)}.</li>
          ))}
          <li>
            Service providers who run parts of Trelli for us, such as hosting and sign-in, only on our instructions and only as needed.
          </li>
          <li>Authorities, only when the law requires it. Where we are allowed to, we will tell you first.</li>
        </ul>

        <h2>How long we keep it</h2>
        <p>
          We keep your information while your account is open. When you delete a record, a child profile or your account, or ask us to, we
          remove it from our live systems. Backups that contain it are overwritten on a regular cycle.
        </p>
        <p>Messages you send us through the contact form are deleted automatically {CONTACT_RETENTION_DAYS} days after they arrive.</p>

        <h2>Your choices and rights</h2>
        <ul>
          <li>
            {byStatus('export', {
              available: 'See, correct and export your information from inside Trelli.',
              coming:
                'See and correct your information from inside Trelli, and ask us for a copy of all of it. Exporting it yourself is on the way.',
            })}
          </li>
          <li>
            Delete {listOf(deletable, 'or')} yourself.
            {deletionComing.length > 0
              ? ` ${capitalise(listOf(deletionComing))} from the app ${deletionComing.length > 1 ? 'are' : 'is'} on the way; until then, ask us and we will do it.`
              : null}
          </li>
          <li>Ask us what we hold about you, or ask us to stop processing it.</li>
        </ul>
        <p>
          To make a request, <Link to="/contact">contact us</Link> and choose “Privacy or my data”. Read how we protect your information on
          our <Link to="/security">Security page</Link>.
        </p>

        <h2>Changes to this policy</h2>
        <p>If we change this policy in a way that matters, we will tell you before the change takes effect.</p>
      </Prose>
    </>
  );
}
