import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { CheckIcon, Icon } from '../components/icons.tsx';
import { ComingFeatures } from '../components/coming-features.tsx';
import { PageHero, Section } from '../components/page-layout.tsx';
import { isAvailable } from '../content/feature-status.ts';
import { AVAILABLE_FEATURES, COMING_FEATURES, COMING_SECTION } from '../content/features.ts';
import { listOf } from '../content/words.ts';
import { useFeatureFlags } from '../feature-flags.tsx';

const chipClasses =
  'inline-block rounded-full border border-brand-200 bg-white px-4 py-1.5 text-sm font-medium text-brand-900 hover:bg-brand-50';

/** "And the little things": the account tools that work today, then those on the way. */
function accountTools(): string {
  const tools = [
    { id: 'export', works: 'A full export of your information whenever you want it.', coming: 'a full export of your information' },
    {
      id: 'caregivers',
      works: 'Share a child’s record with a co-parent or caregiver as a viewer, an updater or an owner, and see who has access.',
      coming: 'inviting a co-parent or caregiver',
    },
  ] as const;
  const works = tools.filter((tool) => isAvailable(tool.id)).map((tool) => tool.works);
  const coming = tools.filter((tool) => !isAvailable(tool.id)).map((tool) => tool.coming);
  return [
    'More than one child on one account, each with their own profile, records and roadmap.',
    ...works,
    ...(coming.length > 0 ? [`On the way: ${listOf(coming)}.`] : []),
  ].join(' ');
}

export default function FeaturesPage() {
  const flags = useFeatureFlags();
  return (
    <>
      <PageHero page="features" kicker="Features">
        <p>
          Trelli brings together the tools a family needs to support a child who learns and thinks differently. Each one works on its own,
          and they work even better together because they share your child’s profile.
        </p>
        {COMING_FEATURES.length > 0 ? <p>Here is what works today, and what we are building next.</p> : null}
      </PageHero>

      <nav aria-label="Features on this page" className="mx-auto max-w-6xl px-4 sm:px-6">
        <ul className="flex flex-wrap gap-2">
          {AVAILABLE_FEATURES.map((feature) => (
            <li key={feature.id}>
              <a href={`#${feature.id}`} className={chipClasses}>
                {feature.name}
              </a>
            </li>
          ))}
          {COMING_FEATURES.length > 0 ? (
            <li>
              <a href={`#${COMING_SECTION.id}`} className={chipClasses}>
                {COMING_SECTION.title}
              </a>
            </li>
          ) : null}
        </ul>
      </nav>

      <Section
        id="dashboard"
        title="Your dashboard"
        intro="Open Trelli and see your week at a glance: recent observations, goals in progress, the next milestones and what has changed lately, for whichever child you choose."
      />

      {AVAILABLE_FEATURES.map((feature, index) => {
        const points =
          feature.flaggedPoint && flags[feature.flaggedPoint.flag] ? [...feature.points, feature.flaggedPoint.text] : feature.points;
        return (
          <Section key={feature.id} id={feature.id} title={feature.name} tone={index % 2 === 0 ? 'tinted' : 'plain'}>
            <div className="grid gap-8 md:grid-cols-[auto_1fr]">
              <div aria-hidden="true" className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand text-brand-900">
                <Icon name={feature.icon} className="size-8" />
              </div>
              <div className="max-w-3xl">
                <p className="text-lg">{feature.details}</p>
                <ul className="mt-5 space-y-2">
                  {points.map((point) => (
                    <li key={point} className="flex gap-3">
                      <CheckIcon />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </Section>
        );
      })}

      <ComingFeatures
        tone={AVAILABLE_FEATURES.length % 2 === 0 ? 'tinted' : 'plain'}
        intro="We are building these now. They are not ready to use yet: each one will be described here in full, and open in the app, once it works."
      />

      <Section id="and-more" title="And the little things" intro={accountTools()}>
        <div className="flex flex-wrap gap-3">
          <Link to="/pricing" className={buttonVariants()}>
            See pricing
          </Link>
          <Link to="/security" className={buttonVariants({ variant: 'outline' })}>
            How we protect your data
          </Link>
        </div>
      </Section>
    </>
  );
}
