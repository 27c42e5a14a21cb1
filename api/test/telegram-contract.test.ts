/**
 * The server's reading of Telegram's answers and updates (telegram/api.ts) run over every
 * recorded answer in api/test/fixtures/telegram/ (SOURCES.md there): what it reads of each,
 * enums compared without case.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readAnswer, TelegramError, tgUpdate } from '../src/telegram/api';
import { postingRight } from '../src/telegram/setup';
import { recorded } from './fixtures/recorded';

const files = readdirSync(new URL('./fixtures/telegram/', import.meta.url)).filter((f) =>
  f.endsWith('.json'),
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
