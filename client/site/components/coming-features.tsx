import { COMING_FEATURES, COMING_SECTION } from '../content/features.ts';
import { Icon } from './icons.tsx';
import { Card, ComingTag, Section } from './page-layout.tsx';

/**
 * “Coming to Trelli”: a card for each feature still being built, labelled Coming, with its summary
 * only (the full story waits until it works). Nothing once every feature is available.
 */
export function ComingFeatures({ intro, tone }: { intro: string; tone?: 'plain' | 'tinted' }) {
  if (COMING_FEATURES.length === 0) return null;
  return (
    <Section id={COMING_SECTION.id} title={COMING_SECTION.title} tone={tone} intro={intro}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {COMING_FEATURES.map((feature) => (
          <li key={feature.id} className="flex">
            <Card id={feature.id} title={feature.name} icon={<Icon name={feature.icon} />} tag={<ComingTag />} className="w-full">
              <p>{feature.summary}</p>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
