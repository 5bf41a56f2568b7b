// @vitest-environment happy-dom
/**
 * When a feature lands, its issue changes one line of client/site/content/feature-status.ts to
 * 'available'. Here every line is flipped at once: the site must then describe everything as
 * working, with every claim in feature-claims.ts back on some page and nothing labelled coming.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as FeatureStatusModule from '../../../client/site/content/feature-status.ts';
import { COMING_FEATURES, COMING_SECTION, FEATURES } from '../../../client/site/content/features.ts';
import { ALL_HELP_ARTICLES, HELP_ARTICLES } from '../../../client/site/content/help-articles.ts';
import { COMING_LABEL } from '../../../client/site/components/page-layout.tsx';
import { publicPage } from '../../../client/site/paths.ts';
import { CLAIMS, pageDom, pageTexts } from './feature-claims.ts';

vi.mock('../../../client/site/content/feature-status.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof FeatureStatusModule>();
  const FEATURE_STATUS = Object.fromEntries(
    Object.keys(actual.FEATURE_STATUS).map((id) => [id, 'available']),
  ) as typeof actual.FEATURE_STATUS;
  return {
    ...actual,
    FEATURE_STATUS,
    isAvailable: () => true,
    byStatus: <T,>(_id: string, words: Record<'available' | 'coming', T>) => words.available,
  } satisfies typeof FeatureStatusModule;
});

let texts: Map<string, string>;
beforeAll(async () => {
  texts = await pageTexts();
});

describe('every feature landed', () => {
  it.each(Object.entries(CLAIMS))('the site says %s works', (_id, claims) => {
    const all = [...texts.values()].join('\n');
    expect((claims ?? []).filter((claim) => !claim.test(all))).toEqual([]);
  });

  it('labels nothing as coming', () => {
    expect(COMING_FEATURES).toEqual([]);
    const saysComing = [...texts].filter(([, text]) => text.includes(COMING_SECTION.title) || /on the way|still being built/i.test(text));
    expect(saysComing.map(([page]) => page)).toEqual([]);
    const labelled = (['index', 'features'] as const).filter((name) => {
      const dom = pageDom(publicPage(name));
      return (
        dom.querySelector(`section#${COMING_SECTION.id}`) !== null ||
        [...dom.querySelectorAll('p')].some((p) => p.textContent === COMING_LABEL)
      );
    });
    expect(labelled).toEqual([]);
  });

  it('tells every feature in full on the features page, and the beta page says everything is ready', () => {
    const features = pageDom(publicPage('features'));
    expect(FEATURES.filter((feature) => !features.querySelector(`section#${feature.id}`)?.textContent?.includes(feature.details))).toEqual(
      [],
    );
    expect(texts.get('beta-access')).toContain('Everything is ready to use');
  });

  it('publishes every Help Center article with its own answer', () => {
    expect(HELP_ARTICLES.map((article) => article.answer)).toEqual(ALL_HELP_ARTICLES.map((article) => article.answer));
  });
});
