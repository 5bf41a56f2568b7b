import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Icon, type IconName } from '../components/icons.tsx';
import { PageHero, Section } from '../components/page-layout.tsx';
import { byStatus, isAvailable } from '../content/feature-status.ts';
import { capitalise, listOf } from '../content/words.ts';
import { ASK_US, canShare, DATA_TOOLS, NO_SHARING_YET } from '../content/your-data.ts';

interface SecurityPromise {
  id: string;
  icon: IconName;
  title: string;
  promise: string;
  how: readonly string[];
}

/** What can leave your account, and how: only what each sharing feature in the app allows. */
const SHARING: readonly string[] = [
  ...(isAvailable('caregivers')
    ? [
        'You can invite a co-parent, a grandparent or a caregiver to a child\u2019s record as a viewer (reads), an updater (adds and changes, never deletes) or an owner. Settings shows who has access; you can change a role or remove someone, and it takes effect on their next step.',
        'Each child has an audit log, shown to its owners: who viewed the record, who changed what, who was invited or removed. It names the kind of record, never what it says.',
      ]
    : []),
  ...(isAvailable('smart-forms')
    ? [
        'Teachers who fill in a smart form see that one form and your child’s first name, nothing else. A form link works for at most 60 days, can be turned off at once, and each opening and answer is in your child’s audit log.',
      ]
    : []),
  ...(isAvailable('snapshots')
    ? [
        'A snapshot is shared only when you send its PDF or its link. A link works for at most 30 days, shows only the sections you chose, can be turned off at once, and each opening is in your child’s audit log.',
      ]
    : []),
  ...(canShare() ? [] : [NO_SHARING_YET]),
];

/** What you can delete yourself, and what only on request until the app does it. */
const DELETABLE = [
  { id: 'child-deletion', what: 'a whole child profile' },
  { id: 'account-deletion', what: 'your entire account' },
] as const;
const DELETION_COMING = DATA_TOOLS.filter((tool) => DELETABLE.some((item) => item.id === tool.id) && !isAvailable(tool.id)).map(
  (tool) => tool.coming,
);

const PROMISES: readonly SecurityPromise[] = [
  {
    id: 'access-control',
    icon: 'lock',
    title: 'Only the people you choose can see your child’s information',
    promise: 'Everything you add to Trelli belongs to your account. Another family, or a stranger who guesses a link, cannot open it.',
    how: [
      'We never store your password itself, only a salted one-way hash of it that cannot be turned back into the password.',
      byStatus('caregivers', {
        available:
          'Every request to our servers is checked against the signed-in account and its role on the child: a child’s records are only returned to the people you gave access to.',
        coming:
          'Every request to our servers is checked against the signed-in account, and each child’s records are only returned to the account that owns them.',
      }),
      ...SHARING,
    ],
  },
  {
    id: 'encryption',
    icon: 'shield',
    title: 'Encrypted in transit, every time',
    promise: 'What travels between your device and Trelli cannot be read along the way.',
    how: [
      'Every page and every request goes over HTTPS (TLS).',
      'Browsers are told to use HTTPS for Trelli from the first visit on, and pages are protected against being framed by other sites.',
      'Sign-in tokens are short-lived, so a token that leaked would stop working quickly.',
      ...byStatus('password-reset', {
        available: [
          'Forgot your password? The sign-in screen emails you a link to choose a new one. Only a one-way hash of the link is kept, it works once, for an hour, and using it signs you out on every device.',
          'In Settings you can sign out of every other device at once; changing your password does the same.',
        ],
        coming: [],
      }),
    ],
  },
  {
    id: 'export-and-deletion',
    icon: 'download',
    title: 'Yours to take with you, or to delete',
    promise: 'You can leave whenever you want, with everything you brought.',
    how: [
      byStatus('export', {
        available: 'Export everything from Settings at any time: each child’s profile, notes, goals and documents in one ZIP file.',
        coming:
          'Exporting everything from the app is on the way. Until then, ask us through the contact form and we will send you a copy of your information.',
      }),
      `Delete ${listOf(['any record you added', ...DELETABLE.filter((item) => isAvailable(item.id)).map((item) => item.what)], 'or')} yourself, at any time; a milestone the roadmap suggested can be skipped.` +
        (isAvailable('child-deletion') ? ' A deleted child takes all of their records with them.' : ''),
      ...(DELETION_COMING.length > 0
        ? [`${capitalise(listOf(DELETION_COMING))} from the app ${DELETION_COMING.length > 1 ? 'are' : 'is'} on the way; ${ASK_US}.`]
        : []),
      'If you ask us to delete your account, we remove your information from our live systems and tell you when it is done.',
    ],
  },
  {
    id: 'no-selling',
    icon: 'heart',
    title: 'We never sell your data',
    promise: 'Trelli is free during the beta, and it will be paid for by families, never by advertisers or data brokers.',
    how: [
      'We do not sell, rent or trade your information, and never will.',
      'There are no ads in Trelli and no advertising trackers on our site.',
      'We do not use what you write about your child to train AI models or to build marketing profiles.',
      'The few services that help us run Trelli, such as hosting and sign-in, process data only on our instructions.',
    ],
  },
];

export default function SecurityPage() {
  return (
    <>
      <PageHero page="security" kicker="Security and privacy">
        <p>
          Notes about your child’s health, learning and feelings deserve more care than almost anything else you put online. Here is what we
          promise, and how we keep each promise.
        </p>
      </PageHero>

      {PROMISES.map((item, index) => (
        <Section key={item.id} id={item.id} title={item.title} tone={index % 2 === 0 ? 'tinted' : 'plain'} intro={item.promise}>
          <div className="flex gap-6">
            <div
              aria-hidden="true"
              className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-brand text-brand-900 sm:inline-flex"
            >
              <Icon name={item.icon} className="size-7" />
            </div>
            <div>
              <h3 className="text-lg font-semibold text-ink">How we do it</h3>
              <ul className="mt-3 max-w-3xl list-disc space-y-2 pl-5">
                {item.how.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
        </Section>
      ))}

      <Section
        id="report"
        title="Found a problem?"
        intro="If you think something about Trelli’s security is not right, or you have a question about your data, tell us. Security reports go straight to the people who build Trelli."
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/contact" className={buttonVariants()}>
            Contact us
          </Link>
          <Link to="/privacy" className={buttonVariants({ variant: 'outline' })}>
            Read the Privacy Policy
          </Link>
        </div>
      </Section>
    </>
  );
}
