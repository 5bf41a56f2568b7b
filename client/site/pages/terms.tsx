import { Link } from 'react-router-dom';
import { PageHero, Prose } from '../components/page-layout.tsx';
import { byStatus, isAvailable } from '../content/feature-status.ts';
import { canExportAndDelete, canShare } from '../content/your-data.ts';

export default function TermsPage() {
  return (
    <>
      <PageHero page="terms" kicker="Legal">
        <p>
          These terms are the agreement between you and Trelli when you use our website and app. Please read them; we have kept them as
          short and clear as we can.
        </p>
      </PageHero>
      <Prose>
        <p>Last updated: 2025.</p>

        <h2>Using Trelli</h2>
        <ul>
          <li>
            You must be an adult to create an account.{' '}
            {byStatus('caregivers', {
              available: 'Trelli is for parents, caregivers and the people they invite, not for children to use on their own.',
              coming: 'Trelli is for parents and caregivers, not for children to use on their own.',
            })}
          </li>
          <li>Only add information about a child you are a parent, legal guardian or authorised caregiver of.</li>
          <li>Keep your sign-in details to yourself, and tell us if you think someone else has used your account.</li>
        </ul>

        <h2>Your content</h2>
        <p>
          Everything you add to Trelli stays yours. You give us permission to store it, process it and show it back to you
          {canShare() ? ' and to the people you share it with' : null}, only so we can run the service.{' '}
          {canExportAndDelete()
            ? 'You can export or delete it at any time'
            : 'You can change or delete it at any time, and ask us for a copy of it'}
          ; see our <Link to="/privacy">Privacy Policy</Link>.
        </p>

        <h2>Not medical, legal or educational advice</h2>
        <p>
          Trelli helps you organize information and prepare for conversations.{' '}
          {byStatus('guide', {
            available: 'The guide and any suggestions in the app are general information, not a diagnosis or professional advice.',
            coming:
              'Suggestions in the app, such as the milestones on your child’s roadmap, are general information, not a diagnosis or professional advice.',
          })}{' '}
          Always talk to a qualified professional about your child’s health, education or legal rights.
        </p>

        <h2>Fair use</h2>
        <ul>
          <li>Do not use Trelli to break the law, to harm anyone or to store content you have no right to store.</li>
          <li>Do not try to access accounts or data that are not yours, or to disrupt the service.</li>
          {isAvailable('smart-forms') ? (
            <li>Smart form links are for the people you send them to; please do not post them publicly.</li>
          ) : null}
        </ul>

        <h2>The beta</h2>
        <p>
          Trelli is in beta. Features may change as we learn from families, and things can occasionally go wrong. We work hard to protect
          your data, and we recommend keeping your own copies of important documents, as you would with any online service.
        </p>

        <h2>Prices</h2>
        <p>
          Trelli is free during the beta. If we introduce paid plans, we will tell you well in advance, and nothing you pay for will start
          without your agreement. See <Link to="/pricing">Pricing</Link>.
        </p>

        <h2>Ending your use</h2>
        <p>
          {byStatus('account-deletion', {
            available: 'You can stop using Trelli and delete your account at any time.',
            coming: 'You can stop using Trelli at any time and ask us to delete your account.',
          })}{' '}
          We may suspend an account that breaks these terms, and if we do, we will tell you why and give you a copy of your information
          unless the law prevents it.
        </p>

        <h2>Liability</h2>
        <p>
          We provide Trelli with care, but as it is, without promises that it will always be available or free of errors. To the extent the
          law allows, we are not responsible for indirect losses. Nothing in these terms limits rights you have under consumer law.
        </p>

        <h2>Changes and questions</h2>
        <p>
          If we change these terms in a way that matters, we will tell you before the change takes effect. Questions?{' '}
          <Link to="/contact">Contact us</Link>.
        </p>
      </Prose>
    </>
  );
}
