/**
 * Both sides of the Bot API contract (docs/TELEGRAM.md): the server's reading of Telegram's
 * answers and updates (telegram/api.ts) run over every recorded answer in api/test/fixtures/telegram/
 * (SOURCES.md there), enums compared without case; and what the fake takes
 * (fakes/telegram-requests.ts): the documented parameter tables and limits, refused in Telegram's
 * own words.
 */
import { readdirSync } from 'node:fs';
import { formatSom, formatTiyin, t } from '@qrmenu/shared/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPosRow, OrderRow, TableCallRow } from '../src/db';
import { ALLOWED_UPDATES, readAnswer, TelegramError, tgUpdate } from '../src/telegram/api';
import { verifyInitData } from '../src/telegram/init-data';
import {
  callMessage,
  editParams,
  orderMessage,
  orderParts,
  type PressNote,
  type Rendered,
  sendParams,
  TAIL_ROOM,
  TEXT_LIMIT,
  textParts,
} from '../src/telegram/messages';
import { postingRight, webhookParams } from '../src/telegram/setup';
import { runsTheChat } from '../src/telegram/staff';
import { type FakeTelegram, startTelegramFake } from './fakes/telegram';
import { afterEntities, CHECKED_METHODS, telegramRefusal, words } from './fakes/telegram-requests';
import { recorded } from './fixtures/recorded';

/** The answers and updates (the request rules are a schema, not an answer). */
const files = readdirSync(new URL('./fixtures/telegram/', import.meta.url)).filter(
  (f) => f.endsWith('.json') && !f.endsWith('.schema.json'),
);
const answer = (name: string) => recorded(`telegram/${name}.json`);

describe('Telegram recordings', () => {
  it('every file is read by a shape of the server', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) {
      const json = recorded(`telegram/${file}`);
      if (file.startsWith('update.')) expect(tgUpdate.safeParse(json).success, file).toBe(true);
      else if (file.startsWith('initData.')) {
        const { init_data, bot_token } = json as { init_data: string; bot_token: string };
        expect(verifyInitData(init_data, bot_token, 0, Number.POSITIVE_INFINITY), file).toHaveProperty(
          'guest',
        );
      } else expect(json, file).toHaveProperty('ok');
    }
  });

  it('reads the results', () => {
    expect(readAnswer('getMe', 200, answer('getMe.documented'))).toMatchObject({
      id: 7094613800,
      username: 'rayhon_buyurtma_bot',
    });
    expect(readAnswer('getChat', 200, answer('getChat.supergroup.documented'))).toMatchObject({
      id: -1001234567890,
      type: 'supergroup',
    });
    expect(readAnswer('getChat', 200, answer('getChat.channel.documented'))).toMatchObject({
      type: 'channel',
      username: 'rayhon_buyurtmalar',
    });
    expect(readAnswer('sendMessage', 200, answer('sendMessage.documented')).message_id).toBe(412);
    expect(readAnswer('editMessageText', 200, answer('editMessageText.documented'))).toMatchObject({
      message_id: 412,
    });
    for (const m of ['answerCallbackQuery', 'setWebhook', 'deleteWebhook'] as const) {
      expect(readAnswer(m, 200, answer(`${m}.documented`))).toBe(true);
    }
  });

  it("reads the bot's right to post from each member shape", () => {
    const supergroup = readAnswer('getChat', 200, answer('getChat.supergroup.documented'));
    const channel = readAnswer('getChat', 200, answer('getChat.channel.documented'));
    const member = (name: string) =>
      readAnswer('getChatMember', 200, answer(`getChatMember.${name}.documented`));
    expect(postingRight(supergroup, member('administrator'))).toBe('ok');
    expect(postingRight(channel, member('administrator'))).toBe('ok');
    expect(postingRight(supergroup, member('member'))).toBe('ok');
    expect(postingRight(channel, member('member'))).toBe('cannot_post');
    expect(postingRight(supergroup, member('restricted'))).toBe('cannot_post');
    expect(postingRight(supergroup, member('left'))).toBe('not_in_chat');
    // compared without case
    expect(
      postingRight({ ...channel, type: 'CHANNEL' }, { ...member('administrator'), status: 'Administrator' }),
    ).toBe('ok');
  });

  it('reads who runs the chat from each member shape (a presser may act only then)', () => {
    const member = (name: string) =>
      readAnswer('getChatMember', 200, answer(`getChatMember.${name}.documented`));
    expect(runsTheChat(member('creator'))).toEqual({ allowed: true, known: true });
    expect(runsTheChat(member('administrator'))).toEqual({ allowed: true, known: true });
    for (const name of ['member', 'restricted', 'left'])
      expect(runsTheChat(member(name)), name).toEqual({ allowed: false, known: true });
    // compared without case; a status outside the documented ones is refused (and logged)
    expect(runsTheChat({ ...member('member'), status: 'Creator' }).allowed).toBe(true);
    expect(runsTheChat({ ...member('member'), status: 'owner' })).toEqual({ allowed: false, known: false });
  });

  it('reads the errors: code, description, retry_after', () => {
    const error = (name: string, status: number) => {
      try {
        readAnswer('sendMessage', status, answer(name));
      } catch (err) {
        return err as TelegramError;
      }
      throw new Error('no error');
    };
    expect(error('error.401.recorded', 401)).toMatchObject({ code: 401, description: 'Unauthorized' });
    expect(error('error.chat-not-found.recorded', 400)).toMatchObject({
      code: 400,
      description: 'Bad Request: chat not found',
    });
    expect(error('error.not-member.recorded', 403).code).toBe(403);
    expect(error('error.429.recorded', 429)).toMatchObject({ code: 429, retryAfterS: 7 });
    expect(error('error.not-modified.recorded', 400).description).toMatch(/message is not modified/);
    expect(error('error.401.recorded', 401)).toBeInstanceOf(TelegramError);
    // every recorded refusal of a request's parameters is a 400 with Telegram's words
    for (const file of files.filter((f) => f.startsWith('error.'))) {
      const json = answer(file.replace(/\.json$/, '')) as { error_code: number };
      const read = error(file.replace(/\.json$/, ''), json.error_code);
      expect(read, file).toBeInstanceOf(TelegramError);
      expect(read.description, file).toMatch(/^(Bad Request|Forbidden|Unauthorized|Too Many Requests)/);
    }
  });

  it('reads the updates: a press, a command, a channel post', () => {
    const press = tgUpdate.parse(answer('update.callback_query.documented'));
    expect(press.callback_query).toMatchObject({
      id: '4382bfdwdsb323b2d9',
      data: 'o:a:ord1',
      from: { first_name: 'Aziz' },
    });
    expect(press.callback_query?.message?.chat.id).toBe(-1001234567890);
    const command = tgUpdate.parse(answer('update.message-command.documented'));
    expect(command.message?.text).toBe('/stop@rayhon_buyurtma_bot Manti');
    const post = tgUpdate.parse(answer('update.channel_post.documented'));
    expect(post.channel_post).toMatchObject({ text: '/stoplist', chat: { type: 'channel' } });
    expect(post.channel_post?.sender_chat?.id).toBe(post.channel_post?.chat.id);
    // an anonymous administrator writes as the group itself
    const anonymous = tgUpdate.parse(answer('update.message-anonymous-admin.documented'));
    expect(anonymous.message?.sender_chat?.id).toBe(anonymous.message?.chat.id);
    expect(anonymous.message?.from).toMatchObject({ is_bot: true, username: 'GroupAnonymousBot' });
  });
});

describe('what the fake Bot API takes (the documented tables and limits)', () => {
  const chat = -1001234567890;
  const button = (callback_data: string) => ({ text: 'Qabul qilish', callback_data });
  const send = (extra: Record<string, unknown> = {}) => ({
    chat_id: chat,
    text: 'Yangi buyurtma #12',
    reply_markup: { inline_keyboard: [[button('o:a:0193a1b2c3d4e5f60718293a')]] },
    ...extra,
  });
  const without = (body: Record<string, unknown>, key: string) => {
    const { [key]: _, ...rest } = body;
    return rest;
  };

  it('describes every method the server calls', () => {
    expect(CHECKED_METHODS.sort()).toEqual(
      [
        'answerCallbackQuery',
        'deleteWebhook',
        'editMessageText',
        'getChat',
        'getChatMember',
        'getMe',
        'setChatMenuButton',
        'sendMessage',
        'setWebhook',
      ].sort(),
    );
  });

  it('takes what Telegram takes', () => {
    expect(telegramRefusal('sendMessage', send())).toBeUndefined();
    expect(telegramRefusal('sendMessage', send({ chat_id: '@rayhon_buyurtmalar' }))).toBeUndefined();
    expect(telegramRefusal('sendMessage', send({ text: 'x'.repeat(4096) }))).toBeUndefined();
    expect(
      telegramRefusal('editMessageText', { chat_id: String(chat), message_id: 412, text: 'Tayyor' }),
    ).toBeUndefined();
    expect(telegramRefusal('answerCallbackQuery', { callback_query_id: '4382', text: 'x'.repeat(200) })).toBe(
      undefined,
    );
    expect(
      telegramRefusal('setWebhook', {
        url: 'https://menu.example.uz/api/telegram/webhook/r1',
        secret_token: 'a'.repeat(256),
        allowed_updates: ['message', 'channel_post', 'callback_query'],
      }),
    ).toBeUndefined();
    expect(telegramRefusal('deleteWebhook', { drop_pending_updates: true })).toBeUndefined();
    expect(telegramRefusal('getMe', {})).toBeUndefined();
    expect(telegramRefusal('getChat', { chat_id: '@rayhon_buyurtmalar' })).toBeUndefined();
    expect(telegramRefusal('getChatMember', { chat_id: chat, user_id: 7094613800 })).toBeUndefined();
  });

  it("refuses a missing required field in Telegram's words", () => {
    expect(telegramRefusal('sendMessage', without(send(), 'chat_id'))).toBe('Bad Request: chat_id is empty');
    expect(telegramRefusal('sendMessage', without(send(), 'text'))).toBe(
      'Bad Request: message text is empty',
    );
    expect(telegramRefusal('editMessageText', { chat_id: chat, text: 'Tayyor' })).toBe(
      'Bad Request: message identifier is not specified',
    );
    expect(telegramRefusal('answerCallbackQuery', { text: 'Bajarildi' })).toBe(
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
    expect(telegramRefusal('getChatMember', { chat_id: chat })).toBe('Bad Request: wrong user_id specified');
    expect(telegramRefusal('getChat', {})).toBe('Bad Request: chat_id is empty');
    expect(telegramRefusal('setWebhook', {})).toBe(words('bad-webhook-https'));
  });

  it('counts a text after entities parsing, in UTF-16 code units: 1-4096', () => {
    expect(telegramRefusal('sendMessage', send({ text: 'x'.repeat(5000) }))).toBe(
      'Bad Request: message is too long',
    );
    expect(
      telegramRefusal('editMessageText', { chat_id: chat, message_id: 412, text: 'x'.repeat(4097) }),
    ).toBe('Bad Request: message is too long');
    // 2,048 emoji are 2,048 code points but 4,096 UTF-16 code units: one more is too long
    expect(telegramRefusal('sendMessage', send({ text: '🍲'.repeat(2048) }))).toBeUndefined();
    expect(telegramRefusal('sendMessage', send({ text: `${'🍲'.repeat(2048)}x` }))).toBe(
      'Bad Request: message is too long',
    );
    // markup is not counted; what is left is
    const bold = `<b>${'x'.repeat(4096)}</b>`;
    expect(telegramRefusal('sendMessage', send({ text: bold, parse_mode: 'HTML' }))).toBeUndefined();
    expect(telegramRefusal('sendMessage', send({ text: bold }))).toBe('Bad Request: message is too long');
    expect(telegramRefusal('sendMessage', send({ text: '<b></b>', parse_mode: 'HTML' }))).toBe(
      'Bad Request: message text is empty',
    );
    expect(telegramRefusal('sendMessage', send({ text: '' }))).toBe('Bad Request: message text is empty');
    expect(afterEntities('5 &lt; 6 &amp; <i>Osh</i>', 'HTML')).toEqual({ text: '5 < 6 & Osh' });
    expect(afterEntities('*Osh* \\- 45 000', 'MarkdownV2')).toEqual({ text: 'Osh - 45 000' });
  });

  it('refuses markup Telegram cannot parse, and a parse_mode it does not know', () => {
    expect(telegramRefusal('sendMessage', send({ text: '<< Osh >>', parse_mode: 'HTML' }))).toBe(
      'Bad Request: can\'t parse entities: Unsupported start tag "<" at byte offset 0',
    );
    expect(telegramRefusal('sendMessage', send({ text: 'Jami: 45.000', parse_mode: 'MarkdownV2' }))).toMatch(
      /^Bad Request: can't parse entities: Character '\.' is reserved/,
    );
    expect(telegramRefusal('sendMessage', send({ text: '*Osh', parse_mode: 'Markdown' }))).toBe(
      "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 0",
    );
    expect(telegramRefusal('sendMessage', send({ parse_mode: 'html' }))).toBe(
      'Bad Request: unsupported parse_mode',
    );
    // the recorded words are the form the fake fills in
    expect(words('parse-entities')).toMatch(
      /^Bad Request: can't parse entities: Unsupported start tag ".*" at byte offset \d+$/,
    );
  });

  it('buttons: text and exactly one other field; callback_data 1-64 bytes', () => {
    const keyboard = (...buttons: Record<string, unknown>[]) =>
      send({ reply_markup: { inline_keyboard: [buttons] } });
    expect(telegramRefusal('sendMessage', keyboard(button('x'.repeat(64))))).toBeUndefined();
    expect(telegramRefusal('sendMessage', keyboard(button('x'.repeat(65))))).toBe(
      'Bad Request: BUTTON_DATA_INVALID',
    );
    // 33 two-byte letters: 33 characters but 66 bytes
    expect(telegramRefusal('sendMessage', keyboard(button('ş'.repeat(33))))).toBe(
      'Bad Request: BUTTON_DATA_INVALID',
    );
    expect(telegramRefusal('sendMessage', keyboard(button('')))).toBe('Bad Request: BUTTON_DATA_INVALID');
    expect(telegramRefusal('sendMessage', keyboard({ text: 'Qabul qilish' }))).toBe(
      "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    );
    expect(telegramRefusal('sendMessage', keyboard({ callback_data: 'o:a:1' }))).toBe(
      'Bad Request: can\'t parse inline keyboard button: Field "text" must be of type String',
    );
    expect(telegramRefusal('sendMessage', keyboard({ text: 'Sayt', url: null }))).toBe(
      'Bad Request: can\'t parse inline keyboard button: Field "url" must be of type String',
    );
    expect(
      telegramRefusal(
        'sendMessage',
        keyboard({ text: 'Ikki', callback_data: 'a', url: 'https://menu.example.uz' }),
      ),
    ).toMatch(/^Bad Request: /);
    expect(
      telegramRefusal('editMessageText', {
        chat_id: chat,
        message_id: 412,
        text: 'Tayyor',
        reply_markup: { keyboard: [['Osh']] },
      }),
    ).toMatch(/^Bad Request: /);
  });

  it('answerCallbackQuery: 0-200 characters; setWebhook: an HTTPS URL and a secret of A-Z a-z 0-9 _ -', () => {
    expect(telegramRefusal('answerCallbackQuery', { callback_query_id: '4382', text: 'x'.repeat(201) })).toBe(
      'Bad Request: MESSAGE_TOO_LONG',
    );
    const hook = { url: 'https://menu.example.uz/api/telegram/webhook/r1' };
    expect(telegramRefusal('setWebhook', { ...hook, secret_token: 'a'.repeat(257) })).toBe(
      'Bad Request: secret token contains unallowed characters',
    );
    expect(telegramRefusal('setWebhook', { ...hook, secret_token: '123:abc' })).toBe(
      'Bad Request: secret token contains unallowed characters',
    );
    expect(telegramRefusal('setWebhook', { ...hook, secret_token: '' })).toBe(
      'Bad Request: secret token contains unallowed characters',
    );
    expect(telegramRefusal('setWebhook', { url: 'http://menu.example.uz/hook' })).toBe(
      'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    );
    expect(telegramRefusal('setWebhook', { ...hook, max_connections: 101 })).toMatch(/^Bad Request: /);
    expect(telegramRefusal('deleteWebhook', { drop_pending_updates: 'yes' })).toMatch(/^Bad Request: /);
  });

  describe('over HTTP', () => {
    let fake: FakeTelegram;
    beforeAll(async () => {
      fake = await startTelegramFake();
    });
    afterAll(() => fake.close());

    it("answers a refusal as Telegram does: HTTP 400, ok false, error_code 400, Telegram's words", async () => {
      const bot = fake.addBot('shakl_bot');
      fake.addChat({ id: chat, type: 'supergroup', title: 'Oshxona', members: [[bot, 'administrator']] });
      const res = await fetch(`${fake.url}/bot${bot.token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(send({ text: 'x'.repeat(5000) })),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(recorded('telegram/error.message-too-long.recorded.json'));
      expect(fake.messages).toHaveLength(0);
      expect(fake.refused.map((r) => r.description)).toEqual(['Bad Request: message is too long']);
      // a wrong token is refused before its parameters are looked at
      const unknown = await fetch(`${fake.url}/bot1:AAHunknown/sendMessage`, { method: 'POST', body: '{}' });
      expect(unknown.status).toBe(401);
    });
  });
});

describe('every message the server builds, as Telegram takes it', () => {
  const chatId = '-1001234567890';
  const id = '0193a1b2c3d4e5f60718293a';
  const at = '2026-11-28T09:05:00.000Z';
  const name200 = "Qo'y go'shtidan tayyorlangan an'anaviy Samarqand oshi, sabzi va no'xat bilan "
    .repeat(3)
    .slice(0, 198);
  const line = (name: string, quantity: number) => ({
    product_id: id,
    external_id: null,
    name,
    guest_name: name,
    quantity,
    price: 45000,
    rows: [
      {
        _id: id,
        external_id: null,
        option: 'Porsiya',
        name: 'Katta',
        guest_option: 'Porsiya',
        guest_name: 'Katta',
        price: 15000,
      },
    ],
  });
  const order = (extra: Partial<OrderRow> = {}): OrderRow => ({
    id,
    restaurant_id: id,
    day: '2026-11-28',
    number: 12,
    placement_id: id,
    table_name: 'Stol 5',
    status: 'sent',
    reject_reason: null,
    language: 'uz',
    comment: null,
    items: JSON.stringify([line('Osh', 2), line('Choy', 1)]),
    total: 95000,
    idempotency_key: id,
    guest_key: id,
    client_address: null,
    created_at: at,
    updated_at: at,
    ...extra,
  });
  /** The largest order a guest can send: 30 lines of 200-character names, a 500-character comment. */
  const largest = order({
    items: JSON.stringify(Array.from({ length: 30 }, (_, i) => line(`${name200}${i % 2 ? ' 🌶' : ''}`, 50))),
    comment: 'Piyozsiz, achchiqsiz, tez olib keling. '.repeat(13).slice(0, 500),
    total: 90_000_000,
  });
  const pos = (extra: Partial<OrderPosRow>): OrderPosRow => ({
    seq: 1,
    order_id: id,
    restaurant_id: id,
    state: 'waiting',
    ticket: null,
    pos_order_id: null,
    pos_number: null,
    pos_total: null,
    reason: null,
    refused_lines: '[]',
    attempts: 0,
    next_at: null,
    received: 0,
    created_at: at,
    updated_at: at,
    ...extra,
  });
  const refusedEveryLine = JSON.stringify(
    Array.from({ length: 30 }, (_, index) => ({
      index,
      name: name200,
      reason: "Taom kassada stop-listda: bugun tayyorlanmaydi, ertaga ertalabdan bor bo'ladi".repeat(2),
    })),
  );
  const posRows: (OrderPosRow | undefined)[] = [
    undefined,
    pos({ state: 'waiting' }),
    pos({ state: 'failed', reason: 'Kassa javob bermayapti'.repeat(9) }),
    pos({ state: 'refused', refused_lines: refusedEveryLine }),
    pos({ state: 'accepted', pos_number: '1042', pos_order_id: 'pos-1', pos_total: 99000 }),
  ];
  const payments: Partial<OrderRow>[] = [
    {},
    { payment_status: 'paid', payment_method: 'payme', payment_amount: 9_500_000, payment_at: at },
    { payment_status: 'refunded', payment_method: 'click', payment_amount: 9_500_000, payment_at: at },
  ];
  const states: Partial<OrderRow>[] = [
    { status: 'sent' },
    { status: 'accepted' },
    { status: 'ready' },
    { status: 'served' },
    { status: 'rejected', reject_reason: 'Osh tugadi, kechirasiz. '.repeat(8).slice(0, 200) },
  ];
  const note = (status: string): PressNote => ({
    status,
    by: `${'Azizbek Karimov'.repeat(4)} (@${'a'.repeat(32)})`,
    at,
  });
  const refusals = (method: string, params: Record<string, unknown>) => {
    const refusal = telegramRefusal(method, params);
    return refusal ? [`${method}: ${refusal} (${String(params.text).slice(0, 60)}…)`] : [];
  };
  /** Every part sent, and the last part as an edit, as the outbox sends them. */
  const sendAll = (parts: Rendered[]) => [
    ...parts.flatMap((part) => refusals('sendMessage', sendParams(chatId, part))),
    ...refusals('editMessageText', editParams(chatId, 412, parts.at(-1) as Rendered)),
  ];

  it('an order in each state, with and without POS notes and payments, short and the largest', () => {
    const faults: string[] = [];
    let built = 0;
    for (const base of [order({ comment: 'Achchiq emas' }), largest]) {
      for (const state of states) {
        for (const payment of payments) {
          for (const row of posRows) {
            for (const pressed of [undefined, note(String(state.status))]) {
              const parts = orderParts({ ...base, ...state, ...payment }, pressed, row);
              faults.push(...sendAll(parts));
              built += parts.length;
            }
          }
        }
      }
    }
    expect(faults).toEqual([]);
    expect(built).toBeGreaterThan(300);
  });

  it("a guest's comment stays on its «Izoh» line: it cannot write lines that read as the chat's own", () => {
    // a comment that would show a total and a payment of its own above the real ones
    const forged = `Piyozsiz\n\n${t.telegram.total('1 000 soʻm')}\r\n${t.payments.paidLine('95 000 soʻm', 'Payme', '12:00')}\u2028Tez`;
    const lines = orderMessage(order({ comment: forged })).text.split('\n');
    const izoh = lines.filter((l) => l.startsWith(t.telegram.comment('')));
    expect(izoh).toHaveLength(1);
    expect(izoh[0]).toContain('Piyozsiz');
    expect(izoh[0]).toContain('Tez');
    expect(lines.filter((l) => l.startsWith(t.telegram.total('')))).toEqual([
      t.telegram.total(formatSom(95000)),
    ]);
    expect(lines.some((l) => l.startsWith(t.payments.paid))).toBe(false);
  });

  it('the largest order is cut the same way whatever its state: only its last part changes', () => {
    const first = orderParts(largest);
    expect(first.length).toBeGreaterThan(1);
    // the whole order is in its parts, every line once
    const heading = t.telegram.orderContinued(largest.number, largest.table_name);
    expect(first.flatMap((p) => p.text.split('\n')).filter((l) => l !== heading)).toEqual(
      orderMessage(largest).text.split('\n'),
    );
    // the last part's own lines, before its tail ('', the total, the state)
    const lastLines = (first.at(-1)?.text ?? '').split('\n').slice(0, -3);
    for (const state of states) {
      for (const row of posRows) {
        const parts = orderParts({ ...largest, ...state }, note(String(state.status)), row);
        expect(parts.slice(0, -1)).toEqual(first.slice(0, -1));
        expect(parts.at(-1)?.text.split('\n').slice(0, lastLines.length)).toEqual(lastLines);
      }
    }
    // a tail longer than its room (30 refused dishes with reasons) is shortened, saying where the rest is
    const refused = orderParts({ ...largest, status: 'accepted' }, undefined, posRows[3]).at(-1)?.text ?? '';
    expect(refused.length).toBeLessThanOrEqual(TEXT_LIMIT);
    expect(refused.endsWith(t.telegram.shortened)).toBe(true);
    expect(TAIL_ROOM).toBeLessThan(TEXT_LIMIT);
  });

  it('a waiter call and a bill request, waiting and done', () => {
    const call = (kind: string, status: string): TableCallRow => ({
      id,
      restaurant_id: id,
      placement_id: id,
      table_name: 'Stol 5 (ayvonda, daraxt tagida) '.repeat(6).slice(0, 200),
      kind,
      status,
      created_at: at,
      done_at: status === 'done' ? at : null,
    });
    const faults = ['waiter', 'bill'].flatMap((kind) =>
      ['pending', 'done'].flatMap((status) =>
        [undefined, note('done')].flatMap((n) => sendAll([callMessage(call(kind, status), n)])),
      ),
    );
    expect(faults).toEqual([]);
  });

  it('the replies to the commands and the notices in the chat', () => {
    const product = (i: number) => ({ text: `${name200}${i}`, callback_data: `s:${id}` });
    const texts: [string, Rendered['reply_markup']?][] = [
      [t.telegram.testText],
      [t.telegram.stopped(name200)],
      [t.telegram.resumed(name200)],
      // what a guest of the chat wrote may be as long as a message: the reply quotes it
      [t.telegram.notFound('x'.repeat(4096))],
      [t.telegram.usage],
      [t.telegram.notAllowed],
      // a backlog of every order a restaurant may take in a minute and more, four-digit numbers
      [t.telegram.backlog(Array.from({ length: 500 }, (_, i) => 1000 + i))],
      [t.telegram.stopListEmpty],
      // a restaurant that stopped 300 dishes asks for the stop-list
      [[t.telegram.stopListTitle, ...Array.from({ length: 300 }, (_, i) => `• ${name200}${i}`)].join('\n')],
      [t.telegram.choose, { inline_keyboard: Array.from({ length: 8 }, (_, i) => [product(i)]) }],
      [t.payments.refundedAlert('Stol 5', formatTiyin(9_500_000), 'Payme')],
      [t.payments.statements.alert('2026-11-28', 'Payme', 12)],
    ];
    const faults = texts.flatMap(([text, keyboard]) =>
      textParts(text, keyboard).flatMap((part) => refusals('sendMessage', sendParams(chatId, part))),
    );
    expect(faults).toEqual([]);
    // the buttons stay on the last part of a long reply
    const choose = textParts(`${t.telegram.choose}\n${'x'.repeat(5000)}`, {
      inline_keyboard: [[product(1)]],
    });
    expect(choose.map((p) => p.reply_markup !== undefined)).toEqual([false, false, true]);
  });

  it("the press's answers, and the set-up's calls", () => {
    for (const text of [
      t.telegram.pressDone,
      t.telegram.pressLate,
      t.telegram.pressUnknown,
      t.telegram.notAllowed,
    ]) {
      expect(telegramRefusal('answerCallbackQuery', { callback_query_id: '4382bfdwdsb323b2d9', text })).toBe(
        undefined,
      );
    }
    for (let i = 0; i < 20; i++) {
      const params = webhookParams(`https://menu.example.uz/api/telegram/webhook/${id}`);
      expect(telegramRefusal('setWebhook', params), params.secret_token).toBeUndefined();
      expect(params.allowed_updates).toEqual([...ALLOWED_UPDATES]);
    }
    expect(telegramRefusal('deleteWebhook', { drop_pending_updates: true })).toBeUndefined();
    expect(telegramRefusal('getMe', {})).toBeUndefined();
    expect(telegramRefusal('getChat', { chat_id: '@rayhon_buyurtmalar' })).toBeUndefined();
    expect(telegramRefusal('getChat', { chat_id: chatId })).toBeUndefined();
    expect(
      telegramRefusal('getChatMember', { chat_id: Number(chatId), user_id: 7094613800 }),
    ).toBeUndefined();
    // a presser asked about in the chat as the bot keeps it (its number as text)
    expect(telegramRefusal('getChatMember', { chat_id: chatId, user_id: 111222333 })).toBeUndefined();
  });
});
