import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { UI_ROLES } from '@roadcount/domain';
import { RequireRole } from '@/features/session/RequireRole.tsx';
import { PublicLayout } from '@/features/shell/components/PublicLayout.tsx';
import { ADMIN_TOOLS_ROLES, STAFF_ROLES } from '@/lib/navigation.tsx';
import { LoginPage } from '@/pages/LoginPage.tsx';
import { MapPage } from '@/pages/MapPage.tsx';
import { NotFoundPage } from '@/pages/NotFoundPage.tsx';
import { PasswordPage } from '@/pages/PasswordPage.tsx';
import { PrivacyPage } from '@/pages/PrivacyPage.tsx';
import { SignedInLayout } from '@/pages/SignedInLayout.tsx';
import { TermsPage } from '@/pages/TermsPage.tsx';
import { VersionPage } from '@/pages/VersionPage.tsx';

// Pages other than the map (the landing page) load when first opened, so that the map does not
// wait for the charts library and the other screens.
const AdminToolsPage = lazy(() =>
  import('@/pages/AdminToolsPage.tsx').then((page) => ({ default: page.AdminToolsPage })),
);
const FilesPage = lazy(() =>
  import('@/pages/FilesPage.tsx').then((page) => ({ default: page.FilesPage })),
);
const UploadPage = lazy(() =>
  import('@/pages/UploadPage.tsx').then((page) => ({ default: page.UploadPage })),
);
const SiteDetailPage = lazy(() =>
  import('@/pages/SiteDetailPage.tsx').then((page) => ({ default: page.SiteDetailPage })),
);
const SitesPage = lazy(() =>
  import('@/pages/SitesPage.tsx').then((page) => ({ default: page.SitesPage })),
);
const OrganisationSettingsPage = lazy(() =>
  import('@/pages/OrganisationSettingsPage.tsx').then((page) => ({
    default: page.OrganisationSettingsPage,
  })),
);
const AuditLogScreen = lazy(() =>
  import('@/features/staffTools/components/AuditLogScreen.tsx').then((page) => ({
    default: page.AuditLogScreen,
  })),
);
const OrganisationsPage = lazy(() =>
  import('@/pages/OrganisationsPage.tsx').then((page) => ({ default: page.OrganisationsPage })),
);
const ProfilePage = lazy(() =>
  import('@/pages/ProfilePage.tsx').then((page) => ({ default: page.ProfilePage })),
);
const SurveysPage = lazy(() =>
  import('@/pages/SurveysPage.tsx').then((page) => ({ default: page.SurveysPage })),
);
const DefinitionsPage = lazy(() =>
  import('@/pages/DefinitionsPage.tsx').then((page) => ({ default: page.DefinitionsPage })),
);
const HelpPage = lazy(() =>
  import('@/pages/HelpPage.tsx').then((page) => ({ default: page.HelpPage })),
);
const GuidesPage = lazy(() =>
  import('@/pages/GuidesPage.tsx').then((page) => ({ default: page.GuidesPage })),
);
const InsightsPage = lazy(() =>
  import('@/pages/InsightsPage.tsx').then((page) => ({ default: page.InsightsPage })),
);
const DownloadsPage = lazy(() =>
  import('@/pages/DownloadsPage.tsx').then((page) => ({ default: page.DownloadsPage })),
);
const YearInReviewPage = lazy(() =>
  import('@/pages/YearInReviewPage.tsx').then((page) => ({ default: page.YearInReviewPage })),
);
const TranslatePage = lazy(() =>
  import('@/pages/TranslatePage.tsx').then((page) => ({ default: page.TranslatePage })),
);
const StaffBillingPage = lazy(() =>
  import('@/pages/BillingPages.tsx').then((page) => ({ default: page.StaffBillingPage })),
);
const StaffChangelogPage = lazy(() =>
  import('@/pages/BillingPages.tsx').then((page) => ({ default: page.StaffChangelogPage })),
);
const OrganisationBillingPage = lazy(() =>
  import('@/pages/BillingPages.tsx').then((page) => ({ default: page.OrganisationBillingPage })),
);
const RoadstudsPage = lazy(() =>
  import('@/pages/RoadstudsPage.tsx').then((page) => ({ default: page.RoadstudsPage })),
);
const GatewaysPage = lazy(() =>
  import('@/pages/GatewaysPage.tsx').then((page) => ({ default: page.GatewaysPage })),
);
const HardwarePage = lazy(() =>
  import('@/pages/HardwarePage.tsx').then((page) => ({ default: page.HardwarePage })),
);
const FactorGroupsPage = lazy(() =>
  import('@/pages/FactorGroupsPage.tsx').then((page) => ({ default: page.FactorGroupsPage })),
);
const UsersPage = lazy(() =>
  import('@/pages/UsersPage.tsx').then((page) => ({ default: page.UsersPage })),
);

/** The screens of the /ui area that are built, below its guard. */
const screens: RouteObject[] = [
  // Every group of the /ui guard above may read its own profile.
  { path: 'profile', element: <ProfilePage /> },
  { path: 'analysis/map', element: <MapPage /> },
  { path: 'analysis/site-detail/:siteId', element: <SiteDetailPage /> },
  { path: 'file-management', element: <FilesPage /> },
  { path: 'site-list', element: <SitesPage /> },
  { path: 'surveys', element: <SurveysPage /> },
  { path: 'help', element: <HelpPage /> },
  { path: 'guides', element: <GuidesPage /> },
  { path: 'guides/:slug', element: <GuidesPage /> },
  { path: 'definitions', element: <DefinitionsPage /> },
  { path: 'definitions/:tab', element: <DefinitionsPage /> },
  { path: 'insights', element: <InsightsPage /> },
  { path: 'downloads', element: <DownloadsPage /> },
  { path: 'insights/year-in-review', element: <YearInReviewPage /> },
  { path: 'roadstuds', element: <RoadstudsPage /> },
  { path: 'gateways', element: <GatewaysPage /> },
  { path: 'hardware', element: <HardwarePage /> },
  {
    // Translate is platform staff's (SPEC section 2).
    path: 'translate',
    element: (
      <RequireRole roles={STAFF_ROLES}>
        <TranslatePage />
      </RequireRole>
    ),
  },
  { path: 'insights/factor-groups', element: <FactorGroupsPage /> },
  {
    // Uploading is for the organisation's admins, as the server decides too.
    path: 'file-upload',
    element: (
      <RequireRole roles={ADMIN_TOOLS_ROLES}>
        <UploadPage />
      </RequireRole>
    ),
  },
];

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/auth/login" replace /> },
  {
    element: <PublicLayout />,
    children: [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '/auth/password', element: <PasswordPage /> },
      { path: '/auth/*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <PublicLayout showSignIn />,
    children: [
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/version', element: <VersionPage /> },
    ],
  },
  {
    path: '/ui',
    element: (
      <RequireRole roles={UI_ROLES}>
        <SignedInLayout />
      </RequireRole>
    ),
    children: [
      { index: true, element: <Navigate to="/ui/analysis/map" replace /> },
      {
        // One guard for the section: users and organisation settings are for the same groups.
        path: 'admin-tools',
        element: (
          <RequireRole roles={ADMIN_TOOLS_ROLES}>
            <AdminToolsPage />
          </RequireRole>
        ),
        children: [
          { index: true, element: <Navigate to="/ui/admin-tools/users" replace /> },
          { path: 'users', element: <UsersPage /> },
          { path: 'organisation', element: <OrganisationSettingsPage /> },
          { path: 'billing', element: <OrganisationBillingPage /> },
        ],
      },
      {
        path: 'staff',
        children: [
          { index: true, element: <Navigate to="/ui/staff/organisations" replace /> },
          {
            path: 'organisations',
            element: (
              <RequireRole roles={STAFF_ROLES}>
                <OrganisationsPage />
              </RequireRole>
            ),
          },
          {
            path: 'billing',
            element: (
              <RequireRole roles={STAFF_ROLES}>
                <StaffBillingPage />
              </RequireRole>
            ),
          },
          {
            path: 'changelog',
            element: (
              <RequireRole roles={STAFF_ROLES}>
                <StaffChangelogPage />
              </RequireRole>
            ),
          },
          {
            path: 'audit',
            element: (
              <RequireRole roles={STAFF_ROLES}>
                <AuditLogScreen />
              </RequireRole>
            ),
          },
        ],
      },
      ...screens,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/auth/login" replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
