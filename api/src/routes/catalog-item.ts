/**
 * The routes a catalog item has, whichever it is (docs/API.md, "Categories", "Products",
 * "Options and option rows", "Moves"), one maker each (not routes themselves); each item names
 * its paths, its operationId prefix, its summaries, bodies and answers.
 * - The restaurant's list of categories and of products: read alike by its manager (an admin
 *   names the restaurant) and its kitchen (for the stop-list).
 * - A category, a product, an option and an option row: created in a parent the caller owns
 *   (201), changed by id (the fields sent, translations as TRANSLATIONS_RULE says), deleted by id
 *   with all that is under them. Scoped like every catalog write: a manager only its own
 *   restaurant's items (another's are 404), an admin any; the service checks, with the request's
 *   `ownerCheck`.
 * - A category, an option and an option row: moved alike (a product's move may change its
 *   category: its own route).
 */
import { answers, idParam, optionalRestaurantIdFilter, positionBody } from '@qrmenu/shared/schemas';
import type { z } from 'zod';
import { ownedRestaurantId, ownerCheck } from '../http/access';
import type { RouteKit } from '../http/route';
import { ORDER_NOTE, TRANSLATIONS_RULE } from './descriptions';

type AssertOwner = ReturnType<typeof ownerCheck>;
type Answer = z.ZodType<{ data: unknown }>;
/** What the route answers under `data`: what the service's method gives. */
type DataOf<A extends Answer> = z.input<A> extends { data: infer D } ? D : never;

/** A catalog item's service, as far as its writes go. */
export interface CatalogItemWrites<
  Create extends z.ZodType,
  Update extends z.ZodType,
  Created extends Answer,
  Updated extends Answer,
> {
  create(body: z.output<Create>, assertOwner: AssertOwner): Promise<DataOf<Created>>;
  update(id: string, body: z.output<Update>, assertOwner: AssertOwner): Promise<DataOf<Updated>>;
  remove(id: string, assertOwner: AssertOwner): Promise<DataOf<typeof answers.deleted>>;
}

/** The answer a route documents is the service's (checked at the call; the kit cannot see it inside a generic maker). */
const answered = <T>(data: Promise<T>) => data as Promise<never>;

/** `<prefix>.managerList` (GET): the restaurant's list of the item, for its manager and its kitchen. */
export function catalogManagerList<Listed extends Answer>(
  route: RouteKit,
  prefix: string,
  service: { list(restaurantId: string): Promise<DataOf<Listed>> },
  list: { url: string; summary: string; answer: Listed },
): void {
  route.get(
    list.url,
    {
      staff: ['kitchen'],
      operationId: `${prefix}.managerList`,
      summary: list.summary,
      description:
        "The kitchen reads its restaurant's list for the stop-list (no other catalog call is its).",
      querystring: optionalRestaurantIdFilter,
      response: { 200: list.answer },
    },
    async (request) => answered(service.list(await ownedRestaurantId(request))),
  );
}

/** One write's own part of its OpenAPI entry (its operationId is `<prefix>.<write>`). */
interface WriteSpec {
  url: string;
  summary: string;
}

/** `<prefix>.create` (POST, 201), `<prefix>.update` (PUT `:id`) and `<prefix>.remove` (DELETE `:id`). */
export function catalogWrites<
  Create extends z.ZodType,
  Update extends z.ZodType,
  Created extends Answer,
  Updated extends Answer,
>(
  route: RouteKit,
  prefix: string,
  service: CatalogItemWrites<Create, Update, Created, Updated>,
  writes: {
    create: WriteSpec & { body: Create; answer: Created };
    update: WriteSpec & { body: Update; answer: Updated };
    remove: WriteSpec;
  },
): void {
  const { create, update, remove } = writes;
  route.post(
    create.url,
    {
      operationId: `${prefix}.create`,
      summary: create.summary,
      body: create.body,
      response: { 201: create.answer },
    },
    (request) => answered(service.create(request.body as z.output<Create>, ownerCheck(request))),
  );
  route.put(
    update.url,
    {
      operationId: `${prefix}.update`,
      summary: update.summary,
      description: TRANSLATIONS_RULE,
      params: idParam,
      body: update.body,
      response: { 200: update.answer },
    },
    (request) =>
      answered(service.update(request.params.id, request.body as z.output<Update>, ownerCheck(request))),
  );
  route.delete(
    remove.url,
    {
      operationId: `${prefix}.remove`,
      summary: remove.summary,
      params: idParam,
      response: { 200: answers.deleted },
    },
    (request) => service.remove(request.params.id, ownerCheck(request)),
  );
}

/** A catalog list's item, as far as its move goes: put at `position` of its list, the list answered. */
export interface CatalogItemMove<Moved extends Answer> {
  move(id: string, position: number, assertOwner: AssertOwner): Promise<DataOf<Moved>>;
}

/** `<prefix>.move` (PUT `:id`): the item put at `position` of its list, the list answered as `answer`. */
export function catalogMove<Moved extends Answer>(
  route: RouteKit,
  prefix: string,
  service: CatalogItemMove<Moved>,
  move: WriteSpec & { answer: Moved },
): void {
  route.put(
    move.url,
    {
      operationId: `${prefix}.move`,
      summary: move.summary,
      description: ORDER_NOTE,
      params: idParam,
      body: positionBody,
      response: { 200: move.answer },
    },
    (request) => answered(service.move(request.params.id, request.body.position, ownerCheck(request))),
  );
}
