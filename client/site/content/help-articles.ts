/** The Help Center's questions and answers, grouped by topic. */
export interface HelpArticle {
  id: string;
  topic: string;
  question: string;
  answer: string;
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'what-is-trelli',
    topic: 'Getting started',
    question: 'What is Trelli?',
    answer:
      'Trelli is a private place for parents and caregivers to keep track of a child who learns and thinks differently: observations, goals and strategies, a roadmap of milestones, documents, reimbursements, one-page snapshots and forms teachers can fill in.',
  },
  {
    id: 'how-to-start',
    topic: 'Getting started',
    question: 'How do I get started?',
    answer:
      'Sign in, then create your first child profile. Start with a few strengths and one thing you would like to work on; you can fill in the rest over time. Most parents add their first observation within five minutes.',
  },
  {
    id: 'beta',
    topic: 'Getting started',
    question: 'What does it mean that Trelli is in beta?',
    answer:
      'Every feature is ready to use, and we are still improving Trelli with feedback from families. Things may change or occasionally go wrong, and we fix them quickly. Trelli is free during the beta.',
  },
  {
    id: 'more-than-one-child',
    topic: 'Child profiles',
    question: 'Can I add more than one child?',
    answer: 'Yes. Add a profile for each child and switch between them from the dashboard. There is no charge per child.',
  },
  {
    id: 'diagnosis-needed',
    topic: 'Child profiles',
    question: 'Does my child need a diagnosis to use Trelli?',
    answer:
      'No. Many families start Trelli while they are still looking for answers. Keeping good notes and documents early makes evaluations and school conversations easier later.',
  },
  {
    id: 'delete-child',
    topic: 'Child profiles',
    question: 'How do I delete a child profile?',
    answer:
      'Open the child’s profile in Settings and choose delete. Everything recorded for that child (observations, goals, milestones and documents) is deleted with it, so export first if you want a copy.',
  },
  {
    id: 'upload-documents',
    topic: 'Documents',
    question: 'What documents can I keep in the vault?',
    answer:
      'Evaluations, IEPs, 504 plans, report cards, doctor’s letters, therapy notes and receipts. Upload PDFs or photos of paper documents, and sort them by child and type.',
  },
  {
    id: 'reimbursements',
    topic: 'Documents',
    question: 'How does reimbursement tracking work?',
    answer:
      'Add each expense, such as therapy, tutoring or an evaluation, with its receipt, then mark when you submitted it to insurance or your FSA or HSA and when it was paid. Trelli keeps a running total of what is still owed to you.',
  },
  {
    id: 'snapshot',
    topic: 'Sharing',
    question: 'How do I share a snapshot with a new teacher?',
    answer:
      'Open Snapshots, choose the sections you want to include, such as strengths, what helps and current goals, and print it or save it as a PDF to share. Only what you choose is included.',
  },
  {
    id: 'smart-forms',
    topic: 'Sharing',
    question: 'Does a teacher need an account to fill in a smart form?',
    answer: 'No. Teachers, therapists and coaches open the link you send and fill in the form on any device. They see only that form, and their answers are saved with your child’s observations.',
  },
  {
    id: 'who-sees-data',
    topic: 'Privacy and security',
    question: 'Who can see my child’s information?',
    answer: 'Only you, when signed in, and the people you choose to share a snapshot or form with. We never sell your information or show ads.',
  },
  {
    id: 'export-data',
    topic: 'Privacy and security',
    question: 'Can I download all of my information?',
    answer: 'Yes. Export your information from Settings at any time. If you ever leave Trelli, you take everything with you.',
  },
  {
    id: 'sign-in-trouble',
    topic: 'Your account',
    question: 'I can’t sign in. What should I do?',
    answer:
      'Check that you are using the email address you signed up with, and use the reset option on the sign-in screen if you have forgotten your password. Still stuck? Contact us and we will help.',
  },
  {
    id: 'close-account',
    topic: 'Your account',
    question: 'How do I close my account?',
    answer: 'Go to Settings and choose to delete your account, or contact us and choose “Privacy or my data”. We will confirm when your information has been removed.',
  },
];

function normalise(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[’']/g, '');
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
