import type { RouteObject } from 'react-router';
import { DraftPage } from './features/draft/draft-page.tsx';
import { QuestionnaireLayout } from './features/questionnaires/questionnaire-layout.tsx';
import { QuestionnaireListPage } from './features/questionnaires/questionnaire-list-page.tsx';
import { ResponseDetailPage } from './features/responses/response-detail-page.tsx';
import { ResponsesPage } from './features/responses/responses-page.tsx';
import { SettingsPage } from './features/settings/settings-page.tsx';
import { VersionPage } from './features/versions/version-page.tsx';
import { VersionsPage } from './features/versions/versions-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './layout/not-found-page.tsx';

/**
 * Every screen has a URL: the questionnaire, its tab, the version, the response and the
 * response filters and page (as search parameters) survive a reload and can be shared.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <QuestionnaireListPage /> },
      {
        path: 'questionnaires/:questionnaireId',
        element: <QuestionnaireLayout />,
        children: [
          { index: true, element: <DraftPage /> },
          { path: 'versions', element: <VersionsPage /> },
          { path: 'versions/:version', element: <VersionPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'responses', element: <ResponsesPage /> },
          { path: 'responses/:responseId', element: <ResponseDetailPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
