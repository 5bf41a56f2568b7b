import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Icon } from '../components/icons.tsx';
import { ComingFeatures } from '../components/coming-features.tsx';
import { Card, PageHero, Section } from '../components/page-layout.tsx';
import { byStatus } from '../content/feature-status.ts';
import { AVAILABLE_FEATURES, COMING_FEATURES } from '../content/features.ts';
import { canShare, yourData } from '../content/your-data.ts';
import { SIGN_IN_PATH } from '../paths.ts';

const PILLARS = [
  {
    title: 'Track',
    text: 'What you notice and how each goal is going, gathered as life happens instead of rebuilt from memory the night before a meeting.',
  },
  {
    title: 'Plan',
    text: 'A few goals that matter, the strategies you are trying, and a roadmap of what lies ahead, so you walk into every meeting prepared.',
  },
  {
    title: 'Thrive',
    text: 'Less juggling for you, more of the right support for your child, and a clear record of how far they have come.',
  },
] as const;

const AUDIENCE = [
  'Parents and caregivers of kids with ADHD, dyslexia, dyscalculia, autism, anxiety or sensory differences',
  'Families with an IEP or 504 plan, or wondering whether to ask for one',
  'Parents who are still looking for answers and want to keep good notes along the way',
  byStatus('caregivers', {
    available: 'Co-parents, grandparents and caregivers who share the load and need the same picture',
    coming: 'Co-parents, grandparents and caregivers who share the load (sharing a child’s records with them is on the way)',
  }),
] as const;

const PROTECTIONS = [
  {
    icon: 'lock',
    title: byStatus('caregivers', { available: 'Only the people you choose can see it', coming: 'Only you can see it' }),
    text: canShare()
      ? 'Every record belongs to your account. Nobody else can open it unless you share it.'
      : 'Every record belongs to your account, and nobody else can open it.',
  },
  {
    icon: 'shield',
    title: 'Encrypted in transit',
    text: 'Everything between your device and Trelli travels over encrypted HTTPS connections.',
  },
  { icon: 'download', title: 'Yours to take or delete', text: yourData() },
  { icon: 'heart', title: 'Never sold', text: 'We do not sell your data, show ads or share it with advertisers. Ever.' },
] as const;

export default function HomePage() {
  return (
    <>
      <PageHero
        page="index"
        kicker="For parents of kids who learn and think differently"
        actions={
          <>
            <a href="#tour" className={buttonVariants({ size: 'lg' })}>
              Take the tour
            </a>
            <Link to="/beta-access" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              About the beta
            </Link>
          </>
        }
      >
        <p>
          Trelli helps you keep track of how your child is doing, plan what comes next and help them thrive, with observations, goals,
          strategies and milestones together in one place instead of scattered across binders, sticky notes and forty open tabs.
        </p>
      </PageHero>

      <Section
        id="what-trelli-does"
        title="What Trelli does for your family"
        intro="You already know your child better than anyone. Trelli helps you keep that knowledge organized, so it is there when a teacher, doctor or therapist needs it."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {PILLARS.map((pillar) => (
            <li key={pillar.title} className="rounded-2xl bg-brand p-6">
              <h3 className="text-2xl font-bold text-brand-900">{pillar.title}</h3>
              <p className="mt-2 text-ink">{pillar.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="tour"
        tone="tinted"
        title="A tour of Trelli"
        intro={
          COMING_FEATURES.length > 0
            ? 'Tools that work together today, built around one child profile, with more on the way. Use the ones you need and add the rest when you are ready.'
            : 'Tools that work together, built around one child profile. Use the ones you need today and add the rest when you are ready.'
        }
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {AVAILABLE_FEATURES.map((feature) => (
            <li key={feature.id} className="flex">
              <Card title={feature.name} icon={<Icon name={feature.icon} />} className="w-full">
                <p>{feature.summary}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <Link to="/features" className={buttonVariants({ variant: 'link' })}>
            See every feature in detail
          </Link>
        </p>
      </Section>

      <ComingFeatures intro="We are building these next. Each one opens in the app once it works." />

      <Section id="who-it-is-for" title="Who Trelli is for" tone={COMING_FEATURES.length > 0 ? 'tinted' : 'plain'}>
        <div className="grid gap-8 md:grid-cols-2">
          <ul className="space-y-4">
            {AUDIENCE.map((line) => (
              <li key={line} className="flex gap-3 text-lg">
                <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-700" />
                <span>{line}</span>
              </li>
            ))}
          </ul>
          <figure
            className={`rounded-2xl border-l-4 border-brand-700 p-6 text-lg text-ink ${COMING_FEATURES.length > 0 ? 'bg-white' : 'bg-brand-50'}`}
          >
            <blockquote>
              <p>
                “You should not need a filing cabinet, a spreadsheet and a perfect memory to get your child the right support. You need one
                place that keeps up with you.”
              </p>
            </blockquote>
            <figcaption className="mt-3 text-base text-ink-muted">Why we built Trelli</figcaption>
          </figure>
        </div>
      </Section>

      <Section
        id="data-protection"
        tone={COMING_FEATURES.length > 0 ? 'plain' : 'tinted'}
        title="How we protect your family’s information"
        intro="What you write about your child is personal. We treat it that way."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PROTECTIONS.map((item) => (
            <li key={item.title} className="flex">
              <Card title={item.title} icon={<Icon name={item.icon} />} className="w-full">
                <p>{item.text}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <Link to="/security" className={buttonVariants({ variant: 'link' })}>
            Read how we keep it safe
          </Link>
        </p>
      </Section>

      <section aria-labelledby="have-access-title" className="bg-brand">
        <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center">
          <div>
            <h2 id="have-access-title" className="text-3xl font-bold text-brand-900">
              Already have access?
            </h2>
            <p className="mt-2 text-lg text-ink">Sign in to pick up where you left off.</p>
          </div>
          <a href={SIGN_IN_PATH} className={buttonVariants({ size: 'lg' })}>
            Sign In
          </a>
        </div>
      </section>
    </>
  );
}
