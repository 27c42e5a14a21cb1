/**
 * A Mini App's `initData` (docs/TELEGRAM.md, "The menu inside Telegram"), verified as
 * core.telegram.org/bots/webapps ("Validating data received via the Mini App") says: a recorded
 * vector of a public SDK's tests (its bot token and `initData`) verifies; a field changed, another
 * bot's token, no hash, an old `auth_date` are refused. The fake's signer makes what the
 * recorded vector is, so the tests that sign with it sign as Telegram does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataCheckString, initDataHash, verifyInitData } from '../src/telegram/init-data';
import { type FakeTelegram, startTelegramFake } from './fakes/telegram';
import { recorded } from './fixtures/recorded';

const vector = recorded<{ bot_token: string; init_data: string }>(
  'telegram/initData.init-data-node.recorded.json',
);
const NOW_S = 1_764_400_000;

let tg: FakeTelegram;
beforeAll(async () => {
  tg = await startTelegramFake();
});
afterAll(() => tg.close());

describe('initData', () => {
  it("verifies a recorded initData with its bot's token", () => {
    // made in 1970 (auth_date 1): its age is not what this checks
    const verified = verifyInitData(vector.init_data, vector.bot_token, NOW_S, Number.POSITIVE_INFINITY);
    expect(verified).toEqual({
      guest: {
        userId: 222,
        firstName: 'user-first-name',
        languageCode: 'en',
        allowsWrite: false,
        startParam: 'debug',
        authDate: 1,
      },
    });
  });

  it('refuses it when anything in it changed, or another bot signed it', () => {
    const changed = vector.init_data.replace('start_param=debug', 'start_param=table5');
    expect(verifyInitData(changed, vector.bot_token, NOW_S, Number.POSITIVE_INFINITY)).toEqual({
      refused: 'bad_hash',
    });
    const anotherBot = `${vector.bot_token.slice(0, -1)}A`;
    expect(verifyInitData(vector.init_data, anotherBot, NOW_S, Number.POSITIVE_INFINITY)).toEqual({
      refused: 'bad_hash',
    });
    const noHash = vector.init_data.replace(/&hash=[0-9a-f]+/, '');
    expect(verifyInitData(noHash, vector.bot_token, NOW_S, Number.POSITIVE_INFINITY)).toEqual({
      refused: 'no_hash',
    });
    expect(verifyInitData('', vector.bot_token, NOW_S)).toEqual({ refused: 'missing' });
  });

  it('refuses a signed one made more than a day ago, or ahead of our clock', () => {
    expect(verifyInitData(vector.init_data, vector.bot_token, NOW_S)).toEqual({ refused: 'stale' });
    const bot = tg.addBot('rayhon_bot');
    const guest = tg.addUser('Dilnoza');
    const dayAgo = tg.initDataFor(bot, guest, { authDate: NOW_S - 24 * 3600 - 1 });
    expect(verifyInitData(dayAgo, bot.token, NOW_S)).toEqual({ refused: 'stale' });
    const ahead = tg.initDataFor(bot, guest, { authDate: NOW_S + 3600 });
    expect(verifyInitData(ahead, bot.token, NOW_S)).toEqual({ refused: 'stale' });
    const fresh = tg.initDataFor(bot, guest, { authDate: NOW_S - 60, startParam: 't5' });
    expect(verifyInitData(fresh, bot.token, NOW_S)).toMatchObject({
      guest: { userId: guest.id, allowsWrite: true, startParam: 't5' },
    });
  });

  it("signs the fake's initData as Telegram signs the recorded one", () => {
    const params = new URLSearchParams(vector.init_data);
    expect(dataCheckString(params).split('\n')[0]).toBe('auth_date=1');
    expect(initDataHash(params, vector.bot_token)).toBe(params.get('hash'));
  });
});
