import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Card, PageHero, Section } from '../components/page-layout.tsx';
import { isAvailable } from '../content/feature-status.ts';
import { COMING_FEATURES, featureList } from '../content/features.ts';
import { capitalise } from '../content/words.ts';
import { canExportAndDelete, canShare, yourData } from '../content/your-data.ts';

const VALUES = [
  {
    title: 'Parents are the experts',
    text: 'Professionals see your child for an hour. You see them every day. Trelli is built to make your knowledge count in every meeting.',
  },
  {
    title: 'Strengths first',
    text: 'Every profile starts with what your child is good at and what they love. Support works best when it builds on who a child already is.',
  },
  {
    title: 'Plain words',
    text: 'No jargon you have to decode at eleven at night. When a term matters, like "least restrictive environment", we explain it.',
  },
  {
    title: 'Private by default',
    text: canExportAndDelete()
      ? 'Your child’s story is yours. We collect what the app needs to work, never sell it, and make it easy to take it with you or delete it.'
      : `Your child’s story is yours. We collect what the app needs to work and never sell it. ${yourData()}`,
  },
] as const;

export default function AboutPage() {
  return (
    <>
      <PageHero page="about" kicker="About Trelli">
        <p>
          If your child learns and thinks differently, you have probably become a researcher, a note-taker, an advocate and an archivist, on
          top of being a parent. Trelli exists to carry some of that load.
        </p>
      </PageHero>

      <Section id="why" title="Why we built it">
        <div className="max-w-3xl space-y-4 text-lg">
          <p>
            Raising a child with ADHD, dyslexia, autism or anxiety means holding a lot of information: what the last evaluation said, which
            strategy helped with homework, when the IEP review is due, which therapist’s invoice is still waiting for reimbursement. Most of
            it lives in email threads, paper folders and a parent’s memory.
          </p>
          <p>
            Trelli is a calm, private home for that information. It connects what you notice at home with the goals you set and the
            milestones ahead, including the dates in your child’s support plan, so you can see the whole picture
            {canShare() ? ' and share the right part of it with the right person' : null}.
          </p>
          {COMING_FEATURES.length > 0 ? (
            <p>{`${capitalise(featureList(COMING_FEATURES))} are on the way, so that more of what you carry can live in one place.`}</p>
          ) : null}
        </div>
      </Section>

      <Section id="values" tone="tinted" title="What we believe">
        <ul className="grid gap-6 sm:grid-cols-2">
          {VALUES.map((value) => (
            <li key={value.title} className="flex">
              <Card title={value.title} className="w-full">
                <p>{value.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="what-trelli-is-not" title="What Trelli is not">
        <div className="max-w-3xl space-y-4 text-lg">
          <p>
            Trelli does not diagnose, and it does not replace your child’s doctor, psychologist, therapist or school team. It helps you work
            with them: better notes, clearer questions, and{' '}
            {isAvailable('document-vault') ? 'documents you can find when they ask' : 'dates you can plan around'}.
          </p>
          <p>
            If you are worried about your child’s safety or health right now, please contact your doctor or local emergency services first.
          </p>
        </div>
      </Section>

      <Section
        id="get-in-touch"
        tone="tinted"
        title="We would love to hear from you"
        intro="Trelli is shaped by the families who use it. Tell us what would make your week easier."
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/contact" className={buttonVariants()}>
            Contact us
          </Link>
          <Link to="/features" className={buttonVariants({ variant: 'outline' })}>
            Explore the features
          </Link>
        </div>
      </Section>
    </>
  );
}
