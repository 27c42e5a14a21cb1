/**
 * The restaurant's Telegram bot (docs/TELEGRAM.md): its status and test message for the form,
 * and the webhook Telegram posts the bot's updates to (checked by its secret, not a login).
 */
import { answers, idParam, telegramGuestBody, telegramUpdateBody } from '@qrmenu/shared/schemas';
import { restaurantScoped, routeKit } from '../http/route';
import type { App } from '../types';

export default async function telegramRoutes(app: App): Promise<void> {
  const { telegram } = app;
  const route = routeKit(app, { tag: 'telegram', access: 'own' });
  const ofRestaurant = restaurantScoped(route);

  ofRestaurant.get(
    '/manager/telegram',
    {
      operationId: 'telegram.status',
      summary: "The restaurant's bot as checked: its @name, its chat, the webhook, messages waiting",
      response: { 200: answers.telegramStatus },
    },
    (restaurantId) => telegram.status(restaurantId),
  );

  ofRestaurant.post(
    '/manager/telegram/test',
    {
      operationId: 'telegram.test',
      summary: 'Sends a test message ("Sinov xabari") to the restaurant\'s chat at once',
      description:
        '400 with a `telegram: <code>` detail under `bot_token` or `channel_id` when Telegram refused it (bad_token, not_in_chat, cannot_post, chat_not_found, unreachable, no_token).',
      response: { 200: answers.telegramTest },
    },
    (restaurantId) => telegram.test(restaurantId),
  );

  app.post(
    '/telegram/webhook/:id',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['telegram'],
        operationId: 'telegram.webhook',
        summary: "Telegram's updates of a restaurant's bot (buttons pressed, commands)",
        description:
          "Called by Telegram only: `X-Telegram-Bot-Api-Secret-Token` must be the secret set with the webhook (401 otherwise, nothing changed). An update is handled once per `update_id`; one from another chat is passed over; a press or a command from anyone but the chat's administrators changes nothing (a press is answered «not allowed»). 500 when Telegram could not say who pressed: Telegram delivers the update again.",
        params: idParam,
        body: telegramUpdateBody,
        response: { 200: answers.telegramWebhook },
      },
    },
    async (request) => {
      const secret = request.headers['x-telegram-bot-api-secret-token'];
      await telegram.handleUpdate(
        request.params.id,
        typeof secret === 'string' ? secret : undefined,
        request.body,
      );
      return { data: { received: true as const } };
    },
  );

  route.post(
    '/public/telegram/orders/:id',
    {
      access: 'pub',
      operationId: 'telegram.guestOrder',
      summary:
        "Ties a guest's order to their Telegram, from the restaurant's Mini App: its changes go to their private chat with the bot",
      description:
        "`key` is the order's own (its page's `?key=`), `init_data` the Mini App's `Telegram.WebApp.initData` as Telegram gave it, verified with the restaurant's bot's token (core.telegram.org/bots/webapps, \"Validating data received via the Mini App\"; at most a day old). 404 when the key does not open the order; 401 when the restaurant's bot did not sign `init_data` (forged, another bot's, too old) or it has no bot: nothing is kept. `notified` false: the guest did not allow the bot to write to them (nothing is kept either).",
      params: idParam,
      body: telegramGuestBody,
      response: { 200: answers.telegramGuest },
    },
    (request) =>
      telegram.linkGuest(
        request.params.id,
        request.body.key,
        request.body.init_data,
        request.body.write_access === true,
      ),
  );
}
