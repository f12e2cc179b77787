import type { ApiModule } from '../http/api-module.ts';
import type { ApiContext } from '../api-context.ts';
import { savedFilterRoutes } from './saved-filter-routes.ts';
import { stickyNoteRoutes } from './sticky-note-routes.ts';
import { supportRoutes } from './support-routes.ts';
import { webBrowserRoutes } from './web-browser-routes.ts';
import { demoHistoryRoutes } from './demo-history-routes.ts';

export const desktopModule: ApiModule<ApiContext> = {
  name: 'Desktop',
  routes: [...stickyNoteRoutes, ...savedFilterRoutes, ...supportRoutes, ...webBrowserRoutes, ...demoHistoryRoutes],
};
