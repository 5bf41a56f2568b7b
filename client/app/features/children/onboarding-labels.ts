/** Words for the onboarding wizard: quick picks for the chips and the hints beside the dates. */

export const DIAGNOSIS_SUGGESTIONS = [
  'ADHD',
  'Dyslexia',
  'Dysgraphia',
  'Dyscalculia',
  'Autism',
  'Anxiety',
  'Speech or language',
  'Sensory processing',
  'Still exploring',
] as const;

export const STRENGTH_SUGGESTIONS = [
  'Creative',
  'Curious',
  'Kind',
  'Funny',
  'Determined',
  'Great memory',
  'Visual thinker',
  'Problem solver',
  'Good with animals',
  'Loves to build',
] as const;

export const INTEREST_SUGGESTIONS = [
  'Drawing',
  'Music',
  'Building',
  'Animals',
  'Sports',
  'Games',
  'Science',
  'Nature',
  'Stories',
  'Cooking',
] as const;

export const CHALLENGE_SUGGESTIONS = [
  'Focus',
  'Reading',
  'Writing',
  'Math',
  'Transitions',
  'Big feelings',
  'Friendships',
  'Following directions',
  'Getting organized',
  'Sleep',
] as const;

export const STEP_INTROS: readonly string[] = [
  'Just the basics. Only the first name and date of birth are needed.',
  'Anything you know so far helps us build a roadmap around real dates. Not sure yet? Skip for now.',
  'Start with what your child is good at and loves. This is where the support plan grows from.',
  'What is hard right now, in your own words. You can change all of this later.',
];

export const PLAN_REVIEW_HINT =
  'The date of the plan’s yearly review meeting (the last one or the next one). We use it to remind you before the next review.';

export const LAST_EVALUATION_HINT =
  'When your child was last evaluated by the school or a specialist. Re-evaluations come every three years; we plan for the next one.';
