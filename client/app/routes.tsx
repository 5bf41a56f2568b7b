import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppShell } from './components/app-shell.tsx';
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

/** The app's routes (SPEC §2). Paths outside the app prefixes never reach this bundle. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/sign-in/*" element={<SignInPage />} />
      <Route path="/sign-up/*" element={<SignUpPage />} />
      <Route path="/post-auth" element={<PostAuthPage />} />
      <Route path="/sign-in/reset-password" element={<ResetPasswordPage />} />
      {/* Outside the protected layout: an invited person may have no children yet, or no account. */}
      <Route path="/app/invite" element={<InvitePage />} />
      <Route element={<ProtectedLayout />}>
        <Route path="/app" element={<DashboardPage />} />
        <Route path="/onboarding" element={<OnboardingPage />} />
        <Route path="/onboarding/new-child" element={<OnboardingPage />} />
        <Route path="/vault" element={<VaultPage />} />
        <Route path="/progress-planner" element={<ProgressPlannerPage />} />
        <Route path="/reimbursements" element={<ReimbursementsPage />} />
        <Route path="/observations" element={<ObservationsPage />} />
        <Route path="/snapshots" element={<SnapshotsPage />} />
        <Route path="/roadmap" element={<RoadmapPage />} />
        <Route path="/guide" element={<GuidePage />} />
        <Route path="/guide/templates/:id" element={<GuideTemplatePage />} />
        <Route path="/guide/:slug" element={<GuideArticlePage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/forms" element={<FormsPage />} />
        <Route path="/forms/:formId/edit" element={<FormEditPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
