/**
 * What the restaurants service asks of the bot's set-up (docs/TELEGRAM.md, "Setting up a bot"):
 * `bot_token` and `channel_id` are checked with Telegram before they are saved, the token is
 * written sealed, and once the restaurant's row is written the bot's own row and webhooks follow
 * (`apply`). The checks live in `telegram/setup.ts`; services made without it (the seed, the
 * benches) refuse a token (`NO_BOT_SETUP`).
 */
import { BOT_TOKEN_MASK } from '@qrmenu/shared/schemas';
import { invalid } from '../../domain/errors';
import type { Repositories } from '../../repos';

export interface BotChange {
  /** The restaurant's columns: the token sealed (or null), the chat as given. */
  columns: { bot_token: string | null; channel_id: string | null };
  /** After the restaurant's row is written: the bot's row, the old webhook removed, the new one set. */
  apply(repos: Repositories): Promise<void>;
}

export interface BotSetup {
  /**
   * Checks the bot's fields sent for restaurant `restaurantId` (stored: its row's columns, or
   * null for a new one): undefined when nothing changes; 400 with a `telegram: <code>` detail under
   * the field Telegram refused.
   */
  prepare(
    restaurantId: string,
    stored: { bot_token: string | null; channel_id: string | null } | null,
    sent: { bot_token?: string | null | undefined; channel_id?: string | null | undefined },
  ): Promise<BotChange | undefined>;
}

/** A set-up that cannot reach Telegram: a chat alone is kept, a token refused. */
export const NO_BOT_SETUP: BotSetup = {
  async prepare(_id, stored, sent) {
    const token = sent.bot_token === BOT_TOKEN_MASK ? undefined : sent.bot_token;
    if (token)
      throw invalid('Telegram is not set up', [{ path: 'bot_token', message: 'telegram: unreachable' }]);
    if (token === undefined && sent.channel_id === undefined) return undefined;
    return {
      columns: {
        bot_token: token === undefined ? (stored?.bot_token ?? null) : null,
        channel_id: sent.channel_id === undefined ? (stored?.channel_id ?? null) : sent.channel_id || null,
      },
      apply: async (repos) => {
        if (token !== undefined) await repos.telegramBots.remove(_id);
      },
    };
  },
};
