import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { ScreenError, ScreenFrame, ScreenLoading } from './route-states.tsx';

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
                lazy: () => import('./features/draft/draft-page.tsx').then((m) => ({ Component: m.DraftPage })),
              },
              {
                path: 'translate',
                lazy: () => import('./features/draft/translate-page.tsx').then((m) => ({ Component: m.TranslatePage })),
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
                lazy: () =>
                  import('./features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
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
                  import('./features/integrations/integrations-page.tsx').then((m) => ({
                    Component: m.IntegrationsPage,
                  })),
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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
