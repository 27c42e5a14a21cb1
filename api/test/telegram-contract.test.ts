/**
 * Both sides of the Bot API contract (docs/TELEGRAM.md): the server's reading of Telegram's
 * answers and updates (telegram/api.ts) run over every recorded answer in api/test/fixtures/telegram/
 * (SOURCES.md there), enums compared without case; and what the fake takes
 * (fakes/telegram-requests.ts): the documented parameter tables and limits, refused in Telegram's
 * own words.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnswer, TelegramError, tgUpdate } from '../src/telegram/api';
import { postingRight } from '../src/telegram/setup';
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
      else expect(json, file).toHaveProperty('ok');
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
