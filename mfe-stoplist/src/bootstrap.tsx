/** Standalone run of the remote: the stop-list screen at its route (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalonePages } from '@qrmenu/shared/standalone';
import StopListPage from './StopListPage';

void renderStandalonePages([[[ROUTES.manager.stopList], StopListPage]], ROUTES.manager.stopList);
