import { Link } from 'react-router-dom';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { ContactForm } from '../components/contact-form.tsx';
import { PageHero } from '../components/page-layout.tsx';

export default function ContactPage() {
  return (
    <ToastProvider>
      <PageHero page="contact" kicker="Contact">
        <p>
          Questions, ideas, a privacy request or just a story about what would make your week easier: we read every message, and a person on
          the Trelli team replies within two working days.
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 pb-16 sm:px-6 md:grid-cols-[3fr_2fr]">
        <ContactForm />
        <aside aria-labelledby="contact-before-title" className="space-y-6 rounded-2xl bg-brand-50 p-6 md:self-start">
          <h2 id="contact-before-title" className="text-xl font-bold text-brand-900">
            Before you write
          </h2>
          <div>
            <h3 className="font-semibold text-ink">Looking for a quick answer?</h3>
            <p className="mt-1 text-ink-muted">
              The{' '}
              <Link to="/help-center" className="font-medium text-brand-800 underline underline-offset-4">
                Help Center
              </Link>{' '}
              answers the questions we hear most.
            </p>
          </div>
          <div>
            <h3 className="font-semibold text-ink">About your data</h3>
            <p className="mt-1 text-ink-muted">
              Choose “Privacy or my data” for export or deletion requests. Our{' '}
              <Link to="/privacy" className="font-medium text-brand-800 underline underline-offset-4">
                Privacy Policy
              </Link>{' '}
              explains your choices.
            </p>
          </div>
          <div>
            <h3 className="font-semibold text-ink">In a crisis?</h3>
            <p className="mt-1 text-ink-muted">
              Trelli is not an emergency service. If your child is in danger, call your local emergency number.
            </p>
          </div>
        </aside>
      </div>
    </ToastProvider>
  );
}
