/**
 * The public site against the production build: prerendered HTML, hydration, the shell, the mobile
 * menu, not-found, the bundle boundary (no Clerk / tRPC / react-query), accessibility, the contact
 * form and the beta-access hand-over to the app.
 */
import { expect, test, type Page } from '@playwright/test';
import { AVAILABLE_FEATURES, COMING_FEATURES, COMING_SECTION } from '../client/site/content/features.ts';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, type PublicPage } from '../client/site/paths.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/journeys.ts';

const UNKNOWN_PATH = '/no-such-page-here';

/** React escapes text like this in server HTML; our headings use typographic quotes, so only & < > matter. */
function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function expectShell(page: Page) {
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Trelli', { exact: true })).toBeVisible();
  await expect(banner.getByText('track. plan. thrive.')).toBeVisible();
  // The beta page greets a parent who has just signed up: no Sign In there.
  if (new URL(page.url()).pathname === '/beta-access') await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  else await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Tools, insight and support for families of kids who learn and think differently.');
  await expect(footer).toContainText('Smarter tools for real family life');
  await expect(footer).toContainText('© 2025 Trelli');
  for (const name of ['About', 'Features', 'Security', 'Pricing', 'Help Center', 'Contact Us', 'Privacy Policy', 'Terms of Service']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
}

test.describe('prerendered pages', () => {
  for (const entry of PUBLIC_PAGES as readonly PublicPage[]) {
    test(`${entry.path} has its words in the HTML and hydrates`, async ({ page, request }) => {
      const response = await request.get(entry.path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(html).toContain(`${htmlText(entry.heading)}</h1>`);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).toContain(`<title>${htmlText(entry.title)}</title>`);
      expect(html).toContain('track. plan. thrive.');
      expect(html).toContain('© 2025 Trelli');
      expect(html).not.toMatch(/lorem ipsum|coming soon/i);

      const errors = watchConsole(page);
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading);
      await expectShell(page);
      await expect(page).toHaveTitle(entry.title);
      // Hydrated: client-side navigation works without a full page load.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
      await expect(page).toHaveURL('/help-center');
      expect(errors).toEqual([]);
    });
  }

  test('the landing page tours what works, shows what is coming, and asks “Already have access?”', async ({ page }) => {
    await page.goto('/');
    const tour = page.getByRole('region', { name: 'A tour of Trelli' });
    await expect(tour.getByRole('heading', { level: 3 })).toHaveText(AVAILABLE_FEATURES.map((feature) => feature.name));
    const coming = page.getByRole('region', { name: COMING_SECTION.title });
    if (COMING_FEATURES.length > 0) {
      await expect(coming.getByRole('heading', { level: 3 })).toHaveText(COMING_FEATURES.map((feature) => feature.name));
      await expect(coming.getByText('Coming', { exact: true })).toHaveCount(COMING_FEATURES.length);
    } else {
      await expect(coming).toHaveCount(0);
    }
    const access = page.getByRole('region', { name: 'Already have access?' });
    await expect(access.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  });

  test('the features page tells what works and labels what is coming; the beta page does not say everything works', async ({ page }) => {
    await page.goto('/features');
    for (const feature of AVAILABLE_FEATURES) {
      await expect(page.getByRole('heading', { level: 2, name: feature.name, exact: true })).toBeVisible();
    }
    const coming = page.getByRole('region', { name: COMING_SECTION.title });
    await expect(coming.getByRole('heading', { level: 3 })).toHaveText(COMING_FEATURES.map((feature) => feature.name));
    for (const feature of COMING_FEATURES) {
      await expect(page.getByRole('heading', { level: 2, name: feature.name, exact: true })).toHaveCount(0);
    }

    await page.goto('/beta-access');
    if (COMING_FEATURES.length > 0) {
      await expect(page.getByRole('main')).not.toContainText(/all work today|everything is ready to use/i);
      await expect(page.getByRole('heading', { name: 'What is on the way' })).toBeVisible();
    }
  });

  test('an unknown public path shows the not-found page with status 404', async ({ page, request }) => {
    const response = await request.get(UNKNOWN_PATH);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain(`${htmlText(NOT_FOUND_PAGE.heading)}</h1>`);

    const errors = watchConsole(page);
    const navigation = await page.goto(UNKNOWN_PATH);
    expect(navigation?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_PAGE.heading);
    await expectShell(page);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    expect(errors).toEqual([]);
  });

  test('pages load on demand with a spinner and “Loading...”', async ({ page }) => {
    await page.goto('/');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/pricing-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES.find((p) => p.path === '/pricing')?.heading ?? '');
  });
});

test.describe('startup failure', () => {
  test('replaces the page with the loading error and a Reload Page button', async ({ page }) => {
    await page.route(/\/assets\/site-client-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/about');
    await expect(page.getByRole('alert').getByRole('heading', { level: 1 })).toHaveText('Loading Error');
    await expect(page.getByText('Something went wrong while loading the application.')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);

    await page.unroute(/\/assets\/site-client-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES.find((p) => p.path === '/about')?.heading ?? '');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 780 } });

  test('collapses the navigation into a menu button that opens, follows a link and closes on Escape', async ({ page, request }) => {
    // In the prerendered HTML the button is disabled: a tap before React takes over would do nothing.
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<button[^>]*aria-label="Menu"[^>]*disabled=""|<button[^>]*disabled=""[^>]*aria-label="Menu"/);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const button = page.getByRole('button', { name: 'Menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    for (const name of ['About', 'Features', 'Security', 'Pricing', 'Contact']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }

    await menu.getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL('/features');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES.find((p) => p.path === '/features')?.heading ?? '');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // The Sign In button stays in the header on small screens.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});

test.describe('bundle boundary', () => {
  test('public pages load no Clerk, tRPC or react-query code and call no API but the feature flags', async ({ page }) => {
    const requests: string[] = [];
    const scripts = new Map<string, string>();
    page.on('request', (req) => requests.push(`${req.method()} ${new URL(req.url()).pathname}`));
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script' || res.url().endsWith('.js')) {
        scripts.set(res.url(), await res.text().catch(() => ''));
      }
    });

    for (const entry of [...PUBLIC_PAGES, { path: UNKNOWN_PATH }]) {
      const flags = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/feature-flags');
      await page.goto(entry.path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const answer = await flags;
      expect(answer.request().method()).toBe('GET');
    }
    // Visiting pages by client-side navigation too (loads every page chunk).
    await page.goto('/');
    for (const name of ['About', 'Features', 'Security', 'Pricing', 'Contact']) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${name.toLowerCase()}$`));
      await page.getByRole('heading', { level: 1 }).waitFor();
    }

    const forbidden = /@clerk|clerk-js|clerk\.browser|trpc|react-query|tanstack|QueryClient/i;
    expect(requests.filter((line) => forbidden.test(line))).toEqual([]);
    expect(requests.filter((line) => line.includes('/api/') && line !== 'GET /api/feature-flags')).toEqual([]);
    expect(scripts.size).toBeGreaterThan(3);
    for (const [url, source] of scripts) {
      // The entry lists the app's chunk file names (for its lazy import); names are not code.
      const code = source.replace(/assets\/[\w.-]+\.(?:js|css)/g, '');
      expect(code.match(forbidden)?.[0], url).toBeUndefined();
    }
  });
});

test.describe('accessibility', () => {
  for (const entry of [...PUBLIC_PAGES, { path: UNKNOWN_PATH, heading: NOT_FOUND_PAGE.heading }]) {
    test(`axe finds no violations on ${entry.path}`, async ({ page }) => {
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading);
      await expectNoAxeViolations(page, entry.path);
    });
  }

  test('axe finds no violations with the mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectNoAxeViolations(page, 'mobile menu open');
  });
});

/**
 * Waits until React has hydrated the prerendered contact form (its element carries React's props): a
 * click before that is the browser's own submit, which reloads the page empty (seen once under load).
 */
async function contactFormHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const form = document.querySelector('form');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'));
  });
}

test.describe('contact form', () => {
  test('shows field errors, then sends the message and confirms with a toast', async ({ page }) => {
    await page.goto('/contact');
    await contactFormHydrated(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please tell us your name')).toBeVisible();
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Your name')).toBeFocused();

    await page.getByLabel('Your name').fill('Maya Ortiz');
    await page.getByLabel('Email address').fill('maya@example.com');
    await page.getByLabel('What is it about?').selectOption('feedback');
    await page.getByLabel('Your message').fill('The snapshot helped so much at our IEP meeting. Thank you!');
    const posted = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/contact' && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send message' }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      name: 'Maya Ortiz',
      email: 'maya@example.com',
      topic: 'feedback',
      message: 'The snapshot helped so much at our IEP meeting. Thank you!',
    });

    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect(toast).toContainText('we’ll reply within two working days');
    await expect(page.getByLabel('Your name')).toHaveValue('');
    await expect(page.getByLabel('Your message')).toHaveValue('');
  });

  test('keeps what the parent typed when sending fails', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '300', 'Content-Type': 'application/json' },
        body: '{"error":{"code":"TOO_MANY_REQUESTS","message":"Too many requests"}}',
      }),
    );
    await page.goto('/contact');
    await contactFormHydrated(page);
    await page.getByLabel('Your name').fill('Sam Lee');
    await page.getByLabel('Email address').fill('sam@example.com');
    await page.getByLabel('Your message').fill('Can two parents share one account?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toContainText('wait 5 minutes');
    await expect(page.getByLabel('Your name')).toHaveValue('Sam Lee');
    await expect(page.getByLabel('Your message')).toHaveValue('Can two parents share one account?');
  });
});

test.describe('beta access', () => {
  test('“Continue to Trelli” grants beta access for the session and goes to ?from=', async ({ page }) => {
    await page.goto('/beta-access?from=%2Fvault');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES.find((p) => p.path === '/beta-access')?.heading ?? '');
    await page.getByRole('button', { name: 'Continue to Trelli' }).click();
    await expect(page).toHaveURL('/vault');
    expect(await page.evaluate(() => sessionStorage.getItem('beta-access'))).toBe('granted');
  });

  test('goes to /app when ?from= points off the site', async ({ page }) => {
    await page.goto('/beta-access?from=%2F%2Fevil.example%2Fsteal');
    await page.getByRole('button', { name: 'Continue to Trelli' }).click();
    await expect(page).toHaveURL('/app');
  });
});
