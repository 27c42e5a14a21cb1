/**
 * A page test's world in one call: the API's answers stubbed, signed in as a role, the page
 * rendered at its route. Most page tests start with these three steps; `openPage` is them, and
 * hands back the stub with the render so the test reads the requests the page made.
 */
import type { ReactElement } from 'react';
import { type ApiStub, type StubRoutes, stubApi } from './fetch-stub';
import { type RenderAtRouteOptions, type RenderedAtRoute, renderAtRoute } from './render';

export interface OpenPageOptions extends RenderAtRouteOptions {
  /** The API's answers, as `stubApi` takes them (none: every request answers 404). */
  answers?: StubRoutes;
}

export interface OpenedPage extends RenderedAtRoute {
  /** The stubbed API the page talks to: its calls, and `answer()` for later answers. */
  api: ApiStub;
}

/** Stubs the API with `answers`, signs in `as` a role, and renders `element` at `url`. */
export function openPage(element: ReactElement, url: string, options: OpenPageOptions = {}): OpenedPage {
  const { answers, ...route } = options;
  const api = stubApi(answers);
  return Object.assign(renderAtRoute(element, url, route), { api });
}
