import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Card, PageHero, Section } from '../components/page-layout.tsx';
import { AVAILABLE_FEATURES, COMING_FEATURES, featureList } from '../content/features.ts';
import { capitalise } from '../content/words.ts';
import { yourData } from '../content/your-data.ts';
import { continueToApp } from '../lib/return-path.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

const everythingWorks = COMING_FEATURES.length === 0;

/** The first cards: what works today, and what is still being built (read from content/feature-status.ts). */
const STATUS_CARDS = everythingWorks
  ? [{ title: 'Everything is ready to use', text: `${capitalise(featureList(AVAILABLE_FEATURES))} all work today.` }]
  : [
      { title: 'What works today', text: `${capitalise(featureList(AVAILABLE_FEATURES))} work today, for as many children as you have.` },
      {
        title: 'What is on the way',
        text: `${capitalise(featureList(COMING_FEATURES))} are still being built. You will see them in the app with a note that they are not ready yet; each one opens when it works.`,
      },
    ];

const EXPECTATIONS = [
  ...STATUS_CARDS,
  {
    title: 'It keeps getting better',
    text: 'We release improvements often, shaped by what beta families tell us. Now and then something may look different from last week.',
  },
  {
    title: 'Your data is protected',
    text: `Beta or not, your information gets the same protection: private to your account and encrypted in transit. ${yourData()}`,
  },
  {
    title: 'It is free while in beta',
    text: 'There is nothing to pay and no card to enter. If that ever changes, we will tell you well ahead of time.',
  },
];

export default function BetaAccessPage() {
  // The button only works with React attached: until then it is disabled, so an early click is not lost.
  const hydrated = useHydrated();
  return (
    <>
      <PageHero page="beta-access" kicker="Beta access">
        <p>
          {everythingWorks
            ? 'Thank you for joining us early. Trelli is in beta, which means it is ready for your family to use every day, and that you get a say in what it becomes.'
            : 'Thank you for joining us early. Trelli is in beta: what it does today is ready for your family to use every day, more is being built, and you get a say in what it becomes.'}
        </p>
      </PageHero>

      {/* Right under the welcome, so on a phone it is on the first screen (issue 24: it was 2.5 screens down). */}
      <section aria-labelledby="continue-title" className="bg-brand">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-14">
          <h2 id="continue-title" className="text-3xl font-bold text-brand-900">
            Ready when you are
          </h2>
          <p className="mt-2 max-w-2xl text-lg text-ink">Start with one child and one thing you would like to keep track of.</p>
          <button
            type="button"
            disabled={!hydrated}
            className={buttonVariants({ size: 'lg', className: 'mt-4 disabled:cursor-wait disabled:opacity-70' })}
            onClick={() => continueToApp()}
          >
            Continue to Trelli
          </button>
          <p className="mt-4 max-w-2xl text-ink">
            Something confusing or missing? Tell us through the{' '}
            <Link to="/contact" className="font-semibold text-brand-900 underline underline-offset-4">
              contact form
            </Link>
            ; beta families’ messages go to the front of the queue.
          </p>
        </div>
      </section>

      <Section id="what-beta-means" title="What the beta means for you">
        <ul className="grid gap-6 sm:grid-cols-2">
          {EXPECTATIONS.map((item) => (
            <li key={item.title} className="flex">
              <Card title={item.title} className="w-full">
                <p>{item.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
