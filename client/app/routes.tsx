import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppShell } from './components/app-shell.tsx';
import { Screen } from './components/screen.tsx';
import { BetaGate } from './guards/beta-gate.tsx';
import { RequireChildContext } from './guards/require-child-context.tsx';
import { RequireSignIn } from './guards/require-sign-in.tsx';
import { ResetPasswordPage, SignInPage, SignUpPage } from './pages/auth-pages.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PostAuthPage } from './pages/post-auth-page.tsx';

const DashboardPage = lazy(() => import('./pages/dashboard-page.tsx'));
const OnboardingPage = lazy(() => import('./pages/onboarding-page.tsx'));
const VaultPage = lazy(() => import('./pages/vault-page.tsx'));
const ProgressPlannerPage = lazy(() => import('./pages/progress-planner-page.tsx'));
const ReimbursementsPage = lazy(() => import('./pages/reimbursements-page.tsx'));
const ObservationsPage = lazy(() => import('./pages/observations-page.tsx'));
const SnapshotsPage = lazy(() => import('./pages/snapshots-page.tsx'));
const MeetingPackPage = lazy(() => import('./pages/meeting-pack-page.tsx'));
const RoadmapPage = lazy(() => import('./pages/roadmap-page.tsx'));
const GuidePage = lazy(() => import('./pages/guide-page.tsx'));
const GuideArticlePage = lazy(() => import('./pages/guide-article-page.tsx'));
const GuideTemplatePage = lazy(() => import('./pages/guide-template-page.tsx'));
const SettingsPage = lazy(() => import('./pages/settings-page.tsx'));
const FormsPage = lazy(() => import('./pages/forms-page.tsx'));
const FormEditPage = lazy(() => import('./pages/form-edit-page.tsx'));
const InvitePage = lazy(() => import('./pages/invite-page.tsx'));

/** SPEC §2: protected screens pass sign-in required -> beta gate -> child context, in that order. */
function ProtectedLayout() {
  return (
    <RequireSignIn>
      <BetaGate>
        <RequireChildContext>
          <AppShell />
        </RequireChildContext>
      </BetaGate>
    </RequireSignIn>
  );
}

/** A route's element: its page as a Screen with its own title (and focus on its heading after a move). */
function screen(title: string, page: ReactNode) {
  return <Screen title={title}>{page}</Screen>;
}

/** The app's routes (SPEC §2). Paths outside the app prefixes never reach this bundle. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/sign-in/*" element={screen('Sign in', <SignInPage />)} />
      <Route path="/sign-up/*" element={screen('Create your account', <SignUpPage />)} />
      <Route path="/post-auth" element={screen('Signing you in', <PostAuthPage />)} />
      <Route path="/sign-in/reset-password" element={screen('Reset your password', <ResetPasswordPage />)} />
      {/* Outside the protected layout: an invited person may have no children yet, or no account. */}
      <Route path="/app/invite" element={screen('Invitation', <InvitePage />)} />
      <Route element={<ProtectedLayout />}>
        <Route path="/app" element={screen('Dashboard', <DashboardPage />)} />
        <Route path="/onboarding" element={screen('Tell us about your child', <OnboardingPage />)} />
        <Route path="/onboarding/new-child" element={screen('Add another child', <OnboardingPage />)} />
        <Route path="/vault" element={screen('Document vault', <VaultPage />)} />
        <Route path="/progress-planner" element={screen('Progress planner', <ProgressPlannerPage />)} />
        <Route path="/reimbursements" element={screen('Reimbursements', <ReimbursementsPage />)} />
        <Route path="/observations" element={screen('Observations', <ObservationsPage />)} />
        <Route path="/snapshots" element={screen('Snapshots', <SnapshotsPage />)} />
        <Route path="/snapshots/meeting-pack" element={screen('IEP meeting pack', <MeetingPackPage />)} />
        <Route path="/roadmap" element={screen('Roadmap', <RoadmapPage />)} />
        <Route path="/guide" element={screen('Guide', <GuidePage />)} />
        <Route path="/guide/templates/:id" element={screen('Letter to the school', <GuideTemplatePage />)} />
        <Route path="/guide/:slug" element={screen('Guide article', <GuideArticlePage />)} />
        <Route path="/settings" element={screen('Settings', <SettingsPage />)} />
        <Route path="/forms" element={screen('Forms', <FormsPage />)} />
        <Route path="/forms/:formId/edit" element={screen('Edit a form', <FormEditPage />)} />
      </Route>
      <Route path="*" element={screen('Page not found', <NotFoundPage />)} />
    </Routes>
  );
}
