import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { PageHero } from '../components/page-layout.tsx';

export default function NotFoundPage() {
  return (
    <PageHero
      page="404"
      kicker="Page not found"
      actions={
        <>
          <Link to="/" className={buttonVariants()}>
            Go to the home page
          </Link>
          <Link to="/help-center" className={buttonVariants({ variant: 'outline' })}>
            Visit the Help Center
          </Link>
        </>
      }
    >
      <p>The link may be old, or the address may have a typo. Everything on Trelli is still here; let’s get you back on track.</p>
    </PageHero>
  );
}
