import { describe, expect, it } from 'vitest';
import { suggestArticles, type SuggestionInput } from '../../../server/features/guide/suggestion-rules.ts';

/** "For you" names who wrote the profile (issue 24 item 17, decision 0086): "You noted" only to that person. */

const child: SuggestionInput['child'] = {
  firstName: 'Maya',
  ageYears: 9,
  grade: '4',
  supportPlan: 'none',
  challenges: ['Focus'],
  diagnoses: ['ADHD'],
};
const reasons = (notedBy?: string | null) =>
  suggestArticles({ today: '2026-11-27', child: { ...child, notedBy }, milestones: [], goals: [] }).map((suggestion) => suggestion.reason);

describe('who noted the profile, in the reasons', () => {
  it('says "You noted" to the person who wrote it', () => {
    const own = reasons(null);
    expect(own.some((reason) => reason.startsWith('You noted'))).toBe(true);
    expect(own.join('\n')).toContain('and you noted challenges such as');
  });

  it('names them to everyone else, and never says "you noted"', () => {
    const others = reasons('Ana');
    expect(others.join('\n')).not.toMatch(/\byou noted\b/i);
    expect(others.some((reason) => reason.startsWith('Ana noted'))).toBe(true);
    expect(others.join('\n')).toContain('and Ana noted challenges such as');
    const unsure = suggestArticles({
      today: '2026-11-27',
      child: { ...child, supportPlan: 'unsure', notedBy: 'Ana' },
      milestones: [],
      goals: [],
    });
    expect(unsure[0]?.reason).toMatch(/^Ana is not sure whether Maya has a support plan/);
  });
});
