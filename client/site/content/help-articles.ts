import { isAvailable, type FeatureId } from './feature-status.ts';
import { AVAILABLE_FEATURES, COMING_FEATURES, featureList } from './features.ts';
import { capitalise, listOf } from './words.ts';
import { canShare, NO_SHARING_YET, whoElseSees } from './your-data.ts';

/** One of the Help Center's questions and answers, as the page shows it. */
export interface HelpArticle {
  id: string;
  topic: string;
  question: string;
  answer: string;
}

/** An article as written: the part of Trelli it is about, and what it says while that part is coming. */
export interface HelpArticleSource extends HelpArticle {
  /** The part of Trelli the answer describes (content/feature-status.ts). */
  feature?: FeatureId;
  /** The answer while `feature` is coming; without one, the article is left out until the feature is available. */
  comingAnswer?: string;
}

export const ALL_HELP_ARTICLES: readonly HelpArticleSource[] = [
  {
    id: 'what-is-trelli',
    topic: 'Getting started',
    question: 'What is Trelli?',
    answer:
      `Trelli is a private place for parents and caregivers to keep track of a child who learns and thinks differently: ${featureList(AVAILABLE_FEATURES)}.` +
      (COMING_FEATURES.length > 0 ? ` ${capitalise(featureList(COMING_FEATURES))} are on the way.` : ''),
  },
  {
    id: 'how-to-start',
    topic: 'Getting started',
    question: 'How do I get started?',
    answer:
      'Create an account, then your first child profile. Start with a few strengths and one thing you would like to work on; you can fill in the rest over time. Then add your first observation: the quick capture takes a few seconds.',
  },
  {
    id: 'beta',
    topic: 'Getting started',
    question: 'What does it mean that Trelli is in beta?',
    answer:
      COMING_FEATURES.length === 0
        ? 'Every feature is ready to use, and we are still improving Trelli with feedback from families. Things may change or occasionally go wrong, and we fix them quickly. Trelli is free during the beta.'
        : `What is in Trelli today is ready to use: ${featureList(AVAILABLE_FEATURES)}. ${capitalise(featureList(COMING_FEATURES))} are still being built, and each opens in the app once it works. We are improving Trelli with feedback from families, so things may change or occasionally go wrong, and we fix them quickly. Trelli is free during the beta.`,
  },
  {
    id: 'more-than-one-child',
    topic: 'Child profiles',
    question: 'Can I add more than one child?',
    answer:
      'Yes. Add a profile for each child from the dashboard, then choose whose records you are looking at from the Child menu at the top of the screen. There is no charge per child.',
  },
  {
    id: 'diagnosis-needed',
    topic: 'Child profiles',
    question: 'Does my child need a diagnosis to use Trelli?',
    answer:
      'No. Many families start Trelli while they are still looking for answers. Keeping good notes early makes evaluations and school conversations easier later.',
  },
  {
    id: 'delete-child',
    topic: 'Child profiles',
    question: 'How do I delete a child profile?',
    feature: 'child-deletion',
    answer:
      'In Settings, under Children, choose Delete profile on the child’s card and type their first name to confirm. Everything recorded for that child (observations, goals and progress, strategies, the roadmap, documents, medications and people) is deleted with it' +
      (isAvailable('caregivers') ? ', for everyone the child is shared with' : '') +
      (isAvailable('export') ? '. It cannot be undone, so download your data first if you want a copy.' : '. It cannot be undone.'),
    comingAnswer:
      'Deleting a child profile from the app is on the way. Until then, contact us and choose “Privacy or my data”, and we will delete the profile with everything recorded for that child. You can already delete any single observation, goal, strategy or progress entry yourself, and any milestone you added; a milestone the roadmap suggested can be skipped.',
  },
  {
    id: 'fix-progress-entry',
    topic: 'Goals and progress',
    question: 'I recorded the wrong number. Can I fix it?',
    answer:
      'Yes. Open the goal in the Progress Planner and choose Edit beside the entry under Entries: you can change its value, its day or its note. You can also delete an entry. A progress day cannot be in the future, and a goal’s target date cannot be more than a year ago (almost always a typo in the year).',
  },
  {
    id: 'saving-offline',
    topic: 'Goals and progress',
    question: 'What happens if my connection drops while I am saving?',
    answer:
      'What you typed stays on the screen and Trelli says you are offline. When the connection comes back, it is saved once, on its own. If you try to close or reload the page before then, your browser asks first; a page closed anyway loses what was not saved yet.',
  },
  {
    id: 'upload-documents',
    topic: 'Documents',
    question: 'What documents can I keep in the vault?',
    feature: 'document-vault',
    answer: `Evaluations, IEPs, 504 plans, report cards, progress reports, doctor’s letters, therapy notes, emails from school and receipts. Upload PDFs, photos (JPEG, PNG, WebP or HEIC), plain text or Word files of up to 25 MB each, several at once; on a phone you can take a photo of a paper page. Give each a category, a date and its school year, and search by title, tag, note or any word inside a PDF or text file; the words in photos and Word files are not read, so give those a clear title or tags. PDFs and JPEG, PNG or WebP images open in the app; HEIC photos and Word files are downloaded to open. Files are encrypted before they are stored, and only you${isAvailable('caregivers') ? ' and the people you invite to the child\u2019s record' : ''} can open them.`,
  },
  {
    id: 'reimbursements',
    topic: 'Documents',
    question: 'How does reimbursement tracking work?',
    feature: 'reimbursements',
    answer:
      'Open Reimbursements and add each funder: an ESA, HSA, FSA, insurance plan, school district or grant, with its award and its deadlines. Add each expense, such as therapy, tutoring or an evaluation, with its receipt; from a PDF receipt, Trelli suggests the provider, the date and the amount for you to check. Claim the expense from a funder, or claim what insurance did not pay from your HSA. Mark each claim submitted, approved or denied, and record each payment. Trelli shows what each funder has paid, what is pending and what is left of the award, and what you paid yourself this year. The dashboard warns you 14 and 3 days before a deadline with expenses still to submit, and a claim with no answer after 45 days. Each deadline is also a milestone on your roadmap, with its reminder emails. You can download a funder’s claims as a CSV file and their receipts as one ZIP file. If a funder asks for a letter of medical necessity, the guide has one for your child’s doctor to check and sign.',
  },
  {
    id: 'snapshot',
    topic: 'Sharing',
    question: 'How do I share a snapshot with a new teacher?',
    feature: 'snapshots',
    answer:
      'Open Snapshots, choose New snapshot and start from Teacher. Show, hide or reorder the sections, such as strengths, what helps and current goals, and change the wording of any of them for this snapshot only. Download it as a PDF, or choose Share to make a link that works for 1 to 30 days (7 unless you choose otherwise). The teacher opens the link on a phone or computer without an account and sees only the sections you show. Snapshots lists every open link with how many times it was opened; you can turn a link off at once, and each opening is in your child’s audit log.',
  },
  {
    id: 'smart-forms',
    topic: 'Sharing',
    question: 'Does a teacher need an account to fill in a smart form?',
    feature: 'smart-forms',
    answer:
      'No. From Snapshots choose Ask a teacher, or from a goal choose Ask for data on this goal, write or adjust the questions, then choose Send to someone and give their name and role. The link works for 1 to 60 days, once or many times, and you can turn it off at once. Teachers, therapists and coaches open it on any device, see only that form and your child’s first name, and answer without an account. Each answer waits on Snapshots and on the goal until you approve it or leave it out: approved counts and ratings become points on the goal’s chart and comments become observations, each labeled with who answered and when.',
  },
  {
    id: 'guide',
    topic: 'Getting started',
    question: 'Where does the guide’s advice come from?',
    feature: 'guide',
    answer:
      'Each article in the guide is written for Trelli in plain language and names the public sources it is based on at the end, such as the federal special education rules (IDEA), Section 504, the CDC and the NIH. Rules differ from state to state, so the guide says when to check yours. The suggestions “for you” come from your child’s profile, goals and roadmap; nothing leaves Trelli to make them. The guide is general information, not medical or legal advice.',
  },
  {
    id: 'who-sees-data',
    topic: 'Privacy and security',
    question: 'Who can see my child’s information?',
    answer: canShare()
      ? `Only you, when signed in, and ${listOf(whoElseSees())}. We never sell your information or show ads.`
      : `Only you, when signed in. ${NO_SHARING_YET} We never sell your information or show ads.`,
  },
  {
    id: 'export-data',
    topic: 'Privacy and security',
    question: 'Can I download all of my information?',
    feature: 'export',
    answer:
      'Yes. Export your information from Settings at any time: under Your data, choose Download my data. You get one ZIP file with your account, each child’s profile and records (as JSON, and as spreadsheet files) and your documents as you uploaded them; the download is kept for 24 hours. If you ever leave Trelli, you take everything with you.',
    comingAnswer:
      'Not from the app yet: exporting everything is on the way. Until then, contact us and choose “Privacy or my data”, and we will send you a copy of everything you have added.',
  },
  {
    id: 'email-notifications',
    topic: 'Your account',
    question: 'What emails does Trelli send, and how do I change them?',
    answer:
      'Reminders before each milestone on your child’s roadmap: 30 days, 7 days and the day before, each on until you turn it off, and none for a milestone marked done or skipped. And a weekly digest, off until you turn it on: every Monday, one email per child about the week before, with the wins first, then how many observations were logged, the progress recorded on goals and the milestones in the next 14 days. Choose in Settings, under Notifications; every email links there. Each person you share a child with makes their own choices.',
  },
  {
    id: 'sign-in-trouble',
    topic: 'Your account',
    question: 'I can’t sign in. What should I do?',
    feature: 'password-reset',
    answer:
      'Check that you are using the email address you signed up with. If you have forgotten your password, use the reset option on the sign-in screen: choose “Forgot password?”, enter that address, and we email you a link to choose a new password. The link works once, for an hour, and using it signs you out on every device. Still stuck? Contact us and we will help.',
    comingAnswer:
      'Check that you are using the email address you signed up with. If you have forgotten your password, contact us and we will help you back in; resetting it yourself by email is on the way.',
  },
  {
    id: 'account-settings',
    topic: 'Your account',
    question: 'How do I change my name, email address or password?',
    feature: 'password-reset',
    answer:
      'In Settings, under Account. Your name is how Trelli names you to the people you share a child with. To change your email address or your password, type your current password too; a new password signs you out on every other device. “Sign out of every other device” signs out a phone or computer you no longer use, and the one you are on stays signed in.',
  },
  {
    id: 'close-account',
    topic: 'Your account',
    question: 'How do I close my account?',
    feature: 'account-deletion',
    answer:
      'Go to Settings and choose to delete your account: under Your data, choose Delete my account and type DELETE to confirm. Your account and every child you added, with all of their records and documents, are deleted at once and cannot be recovered, so download your data first if you want a copy. You can also contact us and choose “Privacy or my data”.',
    comingAnswer:
      'Contact us and choose “Privacy or my data”. We will delete your account and everything in it, and confirm when your information has been removed. Deleting your account yourself, from the app, is on the way.',
  },
];

/**
 * The articles the Help Center shows: an article about a part of Trelli that is still coming gives
 * its `comingAnswer`, or is left out when it has none.
 */
export function publishedArticles(
  articles: readonly HelpArticleSource[],
  available: (id: FeatureId) => boolean = isAvailable,
): HelpArticle[] {
  return articles.flatMap(({ id, topic, question, answer, feature, comingAnswer }) => {
    if (!feature || available(feature)) return [{ id, topic, question, answer }];
    return comingAnswer ? [{ id, topic, question, answer: comingAnswer }] : [];
  });
}

export const HELP_ARTICLES: readonly HelpArticle[] = publishedArticles(ALL_HELP_ARTICLES);

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '');
}

/**
 * The articles matching a search: every word of the query must appear in the question, the answer or
 * the topic (case- and accent-insensitive). An empty query matches everything.
 */
export function filterHelpArticles(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  return articles.filter((article) => {
    const haystack = normalise(`${article.question} ${article.answer} ${article.topic}`);
    return words.every((word) => haystack.includes(word));
  });
}
