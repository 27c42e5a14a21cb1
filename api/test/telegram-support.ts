/**
 * The Telegram tests' world: the fake Bot API, an app pointed at it (its outbox drained by the
 * test, not on a timer), a restaurant of the orders' world with its bot set up through the form's
 * own call, its staff's chat with Aziz as an administrator (the presses and commands of `press`
 * and `say` are his), and updates delivered to the webhook as Telegram posts them.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { BuildAppOptions } from '../src/app';
import {
  type FakeBot,
  type FakeChat,
  type FakeTelegram,
  type FakeUser,
  startTelegramFake,
} from './fakes/telegram';
import {
  apiCall,
  createOption,
  createOptionRow,
  createProduct,
  createTestApp,
  TEST_SECRET_KEY,
  type TestCtx,
} from './helpers';
import { newKey, type OrderWorld, ok, orderWorld } from './orders-support';
import { fileWorld } from './world';

export interface TelegramWorld {
  ctx: TestCtx;
  fake: FakeTelegram;
  bot: FakeBot;
  chat: FakeChat;
  /** Aziz, an administrator of the chat: `press` and `say` act as him. */
  staff: FakeUser;
  world: OrderWorld;
  /** Posts an update to the restaurant's webhook (`secret`: the header; default the one set, null: none). */
  deliver(update: Record<string, unknown>, secret?: string | null): Promise<LightMyRequestResponse>;
}

export const WEBHOOK_ORIGIN = 'https://menu.example.uz';

/** An app's options on the fake Bot API `fake`, with `extra` for its other options. */
export function telegramAppOptions(
  fake: FakeTelegram,
  extra: Partial<BuildAppOptions> = {},
): Partial<BuildAppOptions> {
  return {
    integrationSecretKey: TEST_SECRET_KEY,
    telegramApiUrl: fake.url,
    telegramWebhookUrl: WEBHOOK_ORIGIN,
    // a loaded CI machine answers a localhost call in well under this; the tests of a timeout
    // pass their own short one (the fake hangs until the call gives up)
    telegramTimeoutMs: 5_000,
    // drained by the tests; no pacing unless a test asks for it
    telegramOutbox: { schedule: false, gapMs: 0, perMinute: 10_000, backoffMs: 50 },
    ...extra,
  };
}

export async function telegramApp(fake: FakeTelegram, extra: Partial<BuildAppOptions> = {}) {
  return createTestApp(telegramAppOptions(fake, extra));
}

/** The restaurant's form saving the bot's two fields (as a manager). */
export const saveBot = (ctx: TestCtx, w: OrderWorld, fields: Record<string, unknown>) =>
  apiCall(ctx, 'PUT', `/manager/restaurants/update?slug=${w.slug}`, w.manager.token, fields);

/** The id `press` and `say` send as the presser's (the recorded press's Aziz). */
export const AZIZ_ID = 111222333;

/**
 * A test file's Telegram world (world.ts), made before its first test and closed after its last:
 * the fake Bot API started first, the app on it. `timeoutMs`: how long a Bot API call may take
 * (short only where a test makes calls hang); `extra`: the app's other options (the outbox's clock
 * and limits); `tables`: the world's (3).
 */
export function fileTelegramWorld(
  options: { timeoutMs?: number; extra?: Partial<BuildAppOptions>; tables?: number } = {},
): TelegramWorld {
  return fileWorld(
    (fake) =>
      telegramAppOptions(fake, {
        ...(options.timeoutMs ? { telegramTimeoutMs: options.timeoutMs } : {}),
        ...options.extra,
      }),
    (ctx, fake) => telegramWorld(ctx, fake, options.tables),
    startTelegramFake,
  ).world;
}

/** A new bot `username` and a supergroup (`chat`) that holds it as `role`: a staff chat to save. */
export function botInSupergroup(
  fake: FakeTelegram,
  username: string,
  chat: { id: number; title: string },
  role: 'member' | 'administrator',
) {
  const bot = fake.addBot(username);
  return { bot, chat: fake.addChat({ ...chat, type: 'supergroup', members: [[bot, role]] }) };
}

/** On the app `ctx` talking to `fake`: the restaurant with its bot, the staff's chat and Aziz. */
async function telegramWorld(ctx: TestCtx, fake: FakeTelegram, tables?: number): Promise<TelegramWorld> {
  const bot = fake.addBot('rayhon_buyurtma_bot');
  const staff = fake.addUser('Aziz', 'aziz_oshpaz', AZIZ_ID);
  const chat = fake.addChat({
    id: -1001234567890,
    type: 'supergroup',
    title: 'Rayhon oshxona',
    members: [
      [bot, 'administrator'],
      [staff, 'administrator'],
    ],
  });
  const world = await orderWorld(ctx, tables);
  await ok(saveBot(ctx, world, { bot_token: bot.token, channel_id: String(chat.id) }));
  return {
    ctx,
    fake,
    bot,
    chat,
    staff,
    world,
    deliver(update, secret) {
      const hook = fake.webhook(bot.token);
      if (!hook) throw new Error('no webhook');
      const header = secret === undefined ? hook.secret_token : secret;
      return ctx.app.inject({
        method: 'POST',
        url: new URL(hook.url).pathname,
        headers: header === null || header === undefined ? {} : { 'x-telegram-bot-api-secret-token': header },
        payload: update,
      });
    },
  };
}

let nextUpdate = 900_000;
/**
 * A button pressed on the message `messageId` of `chatId` (the recorded update's shape): by Aziz,
 * or by `from` (someone else).
 */
export function press(
  chatId: number,
  messageId: number,
  data: string,
  updateId = nextUpdate++,
  from?: { id: number; first_name: string; username?: string },
) {
  return {
    update_id: updateId,
    callback_query: {
      id: `cq-${updateId}`,
      from: from
        ? { ...from, is_bot: false }
        : {
            id: AZIZ_ID,
            is_bot: false,
            first_name: 'Aziz',
            username: 'aziz_oshpaz',
            language_code: 'uz',
          },
      message: {
        message_id: messageId,
        chat: { id: chatId, type: 'supergroup', title: 'Rayhon oshxona' },
        date: 1764129600,
      },
      chat_instance: '-8510981563742516013',
      data,
    },
  };
}

/** A text written in `chatId` (a command): by Aziz, or by `from` (someone else). */
export function say(
  chatId: number,
  text: string,
  updateId = nextUpdate++,
  from: { id: number; first_name: string } = { id: AZIZ_ID, first_name: 'Aziz' },
) {
  return {
    update_id: updateId,
    message: {
      message_id: updateId % 100_000,
      from: { ...from, is_bot: false },
      chat: { id: chatId, type: 'supergroup', title: 'Rayhon oshxona' },
      date: 1764129800,
      text,
    },
  };
}

/** A dish's name as long as the menu allows one (200 characters), the last ones its own. */
const longName = (tail: string) =>
  "Qo'y go'shtidan tayyorlangan an'anaviy Samarqand oshi, sabzi va no'xat bilan "
    .repeat(3)
    .slice(0, 200 - tail.length) + tail;

/**
 * The largest order a guest can send (docs/ORDERS.md, "Limits"): 30 lines of dishes with
 * 200-character names and a chosen option each, and a 500-character comment; one of the dishes
 * has an emoji in its name (two UTF-16 code units, as Telegram counts). About 7,500 characters:
 * too long for one Telegram message.
 */
export async function longBasket(ctx: TestCtx, w: OrderWorld, table = 0) {
  const dishes: { id: string; row: string }[] = [];
  for (const tail of [' 1', ' 2', ' 🌶']) {
    const product = await createProduct(ctx, w.restaurantId, w.categoryId, {
      name: longName(tail),
      price: 45000,
    });
    const option = await createOption(ctx, product.id, 'Porsiya');
    const row = await createOptionRow(ctx, option.id, { name: 'Katta (1,5 porsiya)', price: 15000 });
    dishes.push({ id: product.id, row: row.id });
  }
  return {
    placement_id: w.tables[table]!._id,
    idempotency_key: newKey(),
    language: 'uz',
    comment: `${'Piyozsiz, achchiqsiz, tez olib keling. '.repeat(13).slice(0, 499)}!`,
    items: Array.from({ length: 30 }, (_, i) => {
      const dish = dishes[i % dishes.length]!;
      return { product_id: dish.id, quantity: (i % 3) + 1, row_ids: [dish.row], price: 60000 };
    }),
  };
}
