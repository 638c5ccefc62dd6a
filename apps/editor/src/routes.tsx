import { Navigate, type RouteObject } from 'react-router';
import { useCan } from './data/session.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { ScreenError, ScreenFrame, ScreenLoading } from './route-states.tsx';
import { RoleGate } from './ui/index.ts';

/** A screen only editors (and owners) use: an analyst reads why instead (see `RoleGate`). */
const forEditors = (Screen: () => React.ReactNode) => ({
  Component: () => (
    <RoleGate needs="EDITOR">
      <Screen />
    </RoleGate>
  ),
});

/** The draft is where a questionnaire opens; an analyst, who may not edit it, lands on its summary instead. */
const draftOrSummary = (Draft: () => React.ReactNode) => ({
  Component: function DraftOrSummary() {
    return useCan('EDITOR') ? <Draft /> : <Navigate to="summary" replace />;
  },
});

/** A team screen: accounts mode, owners only. */
const forOwners = (Screen: () => React.ReactNode) => ({
  Component: () => (
    <RoleGate needs="OWNER" accountsOnly>
      <Screen />
    </RoleGate>
  ),
});

/**
 * Every screen has a URL: the questionnaire, its tab, the version, the response and the
 * response filters and page (as search parameters) survive a reload and can be shared.
 *
 * Each screen's code is its own chunk, loaded the first time the screen is visited (`lazy`), so
 * the list loads neither the draft editor's drag and drop nor the embed it previews with. A new
 * screen is one more `lazy` entry here. While a chunk loads the page stays where it is and
 * `ScreenFrame` says so; on a first visit `ScreenLoading` holds the place under the header.
 */
export const routes: RouteObject[] = [
  {
    // An invitation is opened signed out, outside the editor's shell.
    path: 'invite/:token',
    hydrateFallbackElement: <ScreenLoading />,
    errorElement: <ScreenError />,
    lazy: () => import('./features/invite/accept-invite-page.tsx').then((m) => ({ Component: m.AcceptInvitePage })),
  },
  {
    element: <AppLayout />,
    children: [
      {
        element: <ScreenFrame />,
        hydrateFallbackElement: <ScreenLoading />,
        errorElement: <ScreenError />,
        children: [
          {
            index: true,
            lazy: () =>
              import('./features/questionnaires/questionnaire-list-page.tsx').then((m) => ({
                Component: m.QuestionnaireListPage,
              })),
          },
          {
            path: 'questionnaires/:questionnaireId',
            lazy: () =>
              import('./features/questionnaires/questionnaire-layout.tsx').then((m) => ({
                Component: m.QuestionnaireLayout,
              })),
            children: [
              {
                index: true,
                lazy: () => import('./features/draft/draft-page.tsx').then((m) => draftOrSummary(m.DraftPage)),
              },
              {
                path: 'translate',
                lazy: () => import('./features/draft/translate-page.tsx').then((m) => forEditors(m.TranslatePage)),
              },
              {
                path: 'versions',
                lazy: () =>
                  import('./features/versions/versions-page.tsx').then((m) => ({ Component: m.VersionsPage })),
              },
              {
                path: 'versions/:version',
                lazy: () => import('./features/versions/version-page.tsx').then((m) => ({ Component: m.VersionPage })),
              },
              {
                path: 'settings',
                lazy: () => import('./features/settings/settings-page.tsx').then((m) => forEditors(m.SettingsPage)),
              },
              {
                path: 'summary',
                lazy: () => import('./features/summary/summary-page.tsx').then((m) => ({ Component: m.SummaryPage })),
              },
              {
                path: 'responses',
                lazy: () =>
                  import('./features/responses/responses-page.tsx').then((m) => ({ Component: m.ResponsesPage })),
              },
              {
                path: 'integrations',
                lazy: () =>
                  import('./features/integrations/integrations-page.tsx').then((m) => forEditors(m.IntegrationsPage)),
              },
              {
                path: 'responses/:responseId',
                lazy: () =>
                  import('./features/responses/response-detail-page.tsx').then((m) => ({
                    Component: m.ResponseDetailPage,
                  })),
              },
            ],
          },
          {
            path: 'members',
            lazy: () => import('./features/members/members-page.tsx').then((m) => forOwners(m.MembersPage)),
          },
          {
            path: 'api-keys',
            lazy: () => import('./features/api-keys/api-keys-page.tsx').then((m) => forOwners(m.ApiKeysPage)),
          },
          {
            path: 'audit',
            lazy: () => import('./features/audit/audit-page.tsx').then((m) => forOwners(m.AuditPage)),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
