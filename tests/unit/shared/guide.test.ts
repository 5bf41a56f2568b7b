import { describe, expect, it } from 'vitest';
import { guideForMilestone } from '../../../shared/guide.ts';

describe('guideForMilestone', () => {
  it('sends a plan review to the annual review article, a re-evaluation to the re-evaluation one', () => {
    expect(guideForMilestone({ category: 'plan-review', ruleKey: 'plan-review:2026-12-15' }).slug).toBe('annual-review');
    expect(guideForMilestone({ category: 'evaluation', ruleKey: 'reevaluation:2027-03-01' }).slug).toBe('three-year-reevaluation');
    expect(guideForMilestone({ category: 'evaluation', ruleKey: 'reevaluation-request:2027-01-01' }).slug).toBe('three-year-reevaluation');
  });

  it('sends a first evaluation, or one the parent added, to the article on asking for one', () => {
    expect(guideForMilestone({ category: 'evaluation', ruleKey: 'ask-about-plan' })).toEqual({
      slug: 'requesting-an-evaluation',
      label: 'How to ask for an evaluation',
    });
    expect(guideForMilestone({ category: 'evaluation', ruleKey: null }).slug).toBe('requesting-an-evaluation');
  });

  it('has an article for every other kind of milestone', () => {
    expect(guideForMilestone({ category: 'progress-report', ruleKey: null }).slug).toBe('progress-reports');
    expect(guideForMilestone({ category: 'transition', ruleKey: null }).slug).toBe('transition-planning');
    expect(guideForMilestone({ category: 'goal', ruleKey: 'goal:3:2027-01-01' }).slug).toBe('asking-the-teacher-for-data');
    expect(guideForMilestone({ category: 'school-year', ruleKey: null }).slug).toBe('what-to-bring-to-a-school-meeting');
  });
});
