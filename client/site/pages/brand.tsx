import { Logo, LogoMark } from '../components/logo.tsx';
import { PageHero, Section } from '../components/page-layout.tsx';
import { TAGLINE } from '../paths.ts';

const COLOURS = [
  {
    name: 'Trelli Sage',
    hex: '#B5D5D0',
    swatch: 'bg-brand',
    use: 'Our signature color. Backgrounds, highlights and the logo tile. Too light for text on white.',
  },
  { name: 'Mist', hex: '#E3F0EE', swatch: 'bg-brand-100', use: 'Soft section backgrounds and cards.' },
  {
    name: 'Deep Teal',
    hex: '#225650',
    swatch: 'bg-brand-800',
    use: 'Buttons, links and focus rings. White text on it, or it as text on white.',
  },
  { name: 'Forest', hex: '#173D39', swatch: 'bg-brand-900', use: 'Headings, the logo mark and dark backgrounds such as our footer.' },
  { name: 'Ink', hex: '#1B2726', swatch: 'bg-ink', use: 'Body text.' },
] as const;

export default function BrandPage() {
  return (
    <>
      <PageHero page="brand" kicker="Brand">
        <p>
          Our logo is a small sprout climbing a trellis: support that helps a child grow in their own direction. Here is how it looks, and
          how to use it well.
        </p>
      </PageHero>

      <Section
        id="logo"
        title="The logo"
        intro="Use the full logo where there is room, and the mark alone where space is tight, like an app icon or a favicon."
      >
        <div className="grid gap-6 md:grid-cols-2">
          <figure className="rounded-2xl border border-brand-200 bg-white p-8">
            <div className="flex flex-wrap items-center gap-8">
              <Logo tagline={TAGLINE} className="scale-125 origin-left" />
              <LogoMark className="size-16" title="Trelli mark on a light background" />
            </div>
            <figcaption className="mt-6 text-ink-muted">On light backgrounds: Forest on Trelli Sage.</figcaption>
          </figure>
          <figure className="rounded-2xl bg-brand-900 p-8">
            <div className="flex flex-wrap items-center gap-8">
              <Logo tone="dark" tagline={TAGLINE} className="scale-125 origin-left" />
              <LogoMark tone="dark" className="size-16" title="Trelli mark on a dark background" />
            </div>
            <figcaption className="mt-6 text-brand-100">On dark backgrounds: a lighter tile and white lettering.</figcaption>
          </figure>
        </div>
        <ul className="mt-8 max-w-3xl list-disc space-y-2 pl-5">
          <li>Leave space around the logo at least as wide as the mark’s corner radius.</li>
          <li>Do not stretch, rotate or recolor the logo, or put it on a busy photo.</li>
          <li>Write the name as “Trelli”, and the tagline in lower case: “{TAGLINE}”</li>
        </ul>
      </Section>

      <Section
        id="colours"
        tone="tinted"
        title="Colors"
        intro="Calm, natural and easy to read. Every text color we use passes WCAG AA contrast on our backgrounds."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {COLOURS.map((colour) => (
            <li key={colour.hex} className="overflow-hidden rounded-2xl border border-brand-200 bg-white">
              <div aria-hidden="true" className={`h-24 ${colour.swatch}`} />
              <div className="p-5">
                <h3 className="text-lg font-semibold text-ink">{colour.name}</h3>
                <p className="font-mono text-sm text-ink-muted">{colour.hex}</p>
                <p className="mt-2 text-ink-muted">{colour.use}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="voice"
        title="How we sound"
        intro="Warm, plain and practical, like a friend who has been through it. We speak to parents as the experts on their own children, and we never use fear to sell."
      />
    </>
  );
}
