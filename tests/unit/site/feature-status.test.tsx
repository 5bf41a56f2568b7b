// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_STATUS, type FeatureId } from '../../../client/site/content/feature-status.ts';
import { AVAILABLE_FEATURES, COMING_FEATURES, COMING_SECTION, FEATURES } from '../../../client/site/content/features.ts';
import { ALL_HELP_ARTICLES, HELP_ARTICLES } from '../../../client/site/content/help-articles.ts';
import { COMING_LABEL } from '../../../client/site/components/page-layout.tsx';
import { publicPage } from '../../../client/site/paths.ts';
import { CLAIMS, pageDom, pageTexts } from './feature-claims.ts';

const comingIds = (Object.keys(FEATURE_STATUS) as FeatureId[]).filter((id) => FEATURE_STATUS[id] === 'coming');
const someComing = COMING_FEATURES.length > 0;
let texts: Map<string, string>;

beforeAll(async () => {
  texts = await pageTexts();
});

const headingTexts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((heading) => heading.textContent);

/** The cards of a "Coming to Trelli" section: each card's title and the label beside it. */
function comingCards(section: Element | null) {
  return [...(section?.querySelectorAll('h3') ?? [])].map((h3) => ({ name: h3.textContent, label: h3.nextElementSibling?.textContent }));
}

const expectedComingCards = () => COMING_FEATURES.map((feature) => ({ name: feature.name, label: COMING_LABEL }));

describe('what works and what is coming', () => {
  it('has a status for every feature in the tour', () => {
    expect(FEATURES.filter((feature) => !['available', 'coming'].includes(FEATURE_STATUS[feature.id]))).toEqual([]);
    expect(AVAILABLE_FEATURES.length + COMING_FEATURES.length).toBe(FEATURES.length);
  });

  it.each(comingIds.filter((id) => CLAIMS[id]).map((id) => [id] as const))('no page says %s works while it is coming', (id) => {
    const found = [...texts].flatMap(([page, text]) =>
      (CLAIMS[id] ?? []).filter((claim) => claim.test(text)).map((claim) => `${page}: ${claim}`),
    );
    expect(found).toEqual([]);
  });

  it('no page promises a date', () => {
    expect(
      [...texts].filter(([, text]) => /coming soon|\bsoon\b|later this (year|month)|next (week|month)/i.test(text)).map(([page]) => page),
    ).toEqual([]);
  });

  it('the features page tells in full only what works, and lists every coming feature under “Coming to Trelli”', () => {
    const dom = pageDom(publicPage('features'));
    const text = dom.textContent ?? '';
    const sectionTitles = headingTexts(dom, 'main section > div > h2');
    expect(
      AVAILABLE_FEATURES.filter((feature) => !dom.querySelector(`section#${feature.id}`)?.textContent?.includes(feature.details)),
    ).toEqual([]);
    expect(AVAILABLE_FEATURES.every((feature) => sectionTitles.includes(feature.name))).toBe(true);

    const section = dom.querySelector(`section#${COMING_SECTION.id}`);
    expect(section?.querySelector('h2')?.textContent).toBe(someComing ? COMING_SECTION.title : undefined);
    expect(comingCards(section)).toEqual(expectedComingCards());
    // A coming feature has no section of its own, no details and no ticked points...
    expect(COMING_FEATURES.filter((feature) => sectionTitles.includes(feature.name))).toEqual([]);
    expect(COMING_FEATURES.flatMap((feature) => [feature.details, ...feature.points]).filter((words) => text.includes(words))).toEqual([]);
    // ...and its anchor leads into the section that says it is coming.
    expect(COMING_FEATURES.map((feature) => dom.querySelector(`#${feature.id}`)?.closest('section')?.id)).toEqual(
      COMING_FEATURES.map(() => COMING_SECTION.id),
    );
  });

  it('the home page tours what works and shows what is coming with the Coming label', () => {
    const dom = pageDom(publicPage('index'));
    const tour = dom.querySelector('section#tour');
    expect(headingTexts(tour as Element, 'h3')).toEqual(AVAILABLE_FEATURES.map((feature) => feature.name));
    expect(tour?.textContent).not.toContain(COMING_LABEL);
    expect(comingCards(dom.querySelector(`section#${COMING_SECTION.id}`))).toEqual(expectedComingCards());
  });

  it('the beta page no longer says every feature works today', () => {
    const dom = pageDom(publicPage('beta-access'));
    const card = (title: string) =>
      [...dom.querySelectorAll('h3')]
        .find((h3) => h3.textContent === title)
        ?.closest('li')
        ?.textContent?.toLowerCase() ?? '';
    expect(/everything is ready to use|all work today|every feature/i.test(dom.textContent ?? '')).toBe(!someComing);

    const works = card(someComing ? 'What works today' : 'Everything is ready to use');
    const onTheWay = card('What is on the way');
    expect(AVAILABLE_FEATURES.filter((feature) => !works.includes(feature.phrase))).toEqual([]);
    expect(COMING_FEATURES.filter((feature) => works.includes(feature.phrase))).toEqual([]);
    expect(COMING_FEATURES.filter((feature) => !onTheWay.includes(feature.phrase))).toEqual([]);
  });

  it('the Help Center leaves out what is coming, or answers that it is on the way', () => {
    const aboutComing = ALL_HELP_ARTICLES.filter((article) => article.feature && FEATURE_STATUS[article.feature] === 'coming');
    const shown = HELP_ARTICLES.filter((article) => aboutComing.some((coming) => coming.id === article.id));
    expect(shown.map((article) => article.answer)).toEqual(
      aboutComing.flatMap((article) => (article.comingAnswer ? [article.comingAnswer] : [])),
    );
    expect(shown.filter((article) => !/on the way/.test(article.answer))).toEqual([]);

    // “What is Trelli?” names what works, then what is on the way.
    const [works = '', next = ''] = HELP_ARTICLES.find((article) => article.id === 'what-is-trelli')?.answer.split(/(?<=\.) /) ?? [];
    expect(AVAILABLE_FEATURES.filter((feature) => !works.includes(feature.phrase))).toEqual([]);
    expect(COMING_FEATURES.filter((feature) => works.includes(feature.phrase) || !next.toLowerCase().includes(feature.phrase))).toEqual([]);
    expect(next.endsWith('are on the way.')).toBe(someComing);
  });
});
