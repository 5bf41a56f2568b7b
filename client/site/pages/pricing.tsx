import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { CheckIcon } from '../components/icons.tsx';
import { PageHero, Section } from '../components/page-layout.tsx';
import { byStatus, isAvailable } from '../content/feature-status.ts';
import { AVAILABLE_FEATURES, COMING_FEATURES, featureList } from '../content/features.ts';
import { canExportAndDelete } from '../content/your-data.ts';

const INCLUDED = [
  COMING_FEATURES.length === 0
    ? `Every feature: ${featureList(AVAILABLE_FEATURES)}`
    : `Everything that works today (${featureList(AVAILABLE_FEATURES)}) and each new feature as it arrives`,
  'As many children as your family has',
  ...(isAvailable('smart-forms') ? ['Smart forms for teachers and therapists, who never need an account'] : []),
  ...(canExportAndDelete() ? ['Export and deletion whenever you want'] : []),
];

const QUESTIONS = [
  {
    q: 'Do I need a credit card to join the beta?',
    a: 'No. There is nothing to pay during the beta, so we do not ask for card details.',
  },
  {
    q: 'What happens when the beta ends?',
    a: `We will tell you well ahead of time what plans will cost and what each includes. Nothing changes for you until you choose a plan, and if Trelli is not for you, ${byStatus('export', { available: 'you can export everything and leave', coming: 'we will give you a copy of everything to take with you' })}.`,
  },
  {
    q: 'Is there a charge per child?',
    a: 'No. Brothers and sisters are included; support should never be rationed per child.',
  },
  {
    q: 'Do teachers or therapists pay?',
    a: byStatus('smart-forms', {
      available: 'Teachers and therapists who fill in a smart form never pay and never need an account.',
      coming:
        'No. Smart forms are still being built; when they arrive, teachers and therapists will fill them in from a link you send, without paying or creating an account.',
    }),
  },
] as const;

export default function PricingPage() {
  return (
    <>
      <PageHero page="pricing" kicker="Pricing">
        <p>While Trelli is in beta, it is free for families, with every feature included. No card, no trial clock, no surprises.</p>
      </PageHero>

      <Section id="plans" title="The family beta">
        <div className="max-w-xl rounded-3xl border-2 border-brand-700 bg-white p-8 shadow-sm">
          <h3 className="text-2xl font-bold text-brand-900">Family beta</h3>
          <p className="mt-3 flex items-baseline gap-2">
            <span className="text-5xl font-bold text-ink">$0</span>
            <span className="text-ink-muted">for as long as the beta lasts</span>
          </p>
          <ul className="mt-6 space-y-3">
            {INCLUDED.map((line) => (
              <li key={line} className="flex gap-3">
                <CheckIcon />
                <span>{line}</span>
              </li>
            ))}
          </ul>
          <Link to="/beta-access" className={buttonVariants({ size: 'lg', className: 'mt-8 w-full' })}>
            Learn about the beta
          </Link>
        </div>
      </Section>

      <Section id="pricing-questions" tone="tinted" title="Questions about pricing">
        <dl className="grid max-w-4xl gap-6 md:grid-cols-2">
          {QUESTIONS.map((item) => (
            <div key={item.q} className="rounded-2xl bg-white p-6">
              <dt className="text-lg font-semibold text-ink">{item.q}</dt>
              <dd className="mt-2 text-ink-muted">{item.a}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-lg">
          Something else on your mind?{' '}
          <Link to="/contact" className="font-semibold text-brand-800 underline underline-offset-4">
            Ask us
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
