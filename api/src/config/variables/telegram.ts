/** The restaurants' Telegram bots (docs/CONFIGURATION.md, "The restaurants' Telegram bots"). */
import { setting, url } from './rules';

/** The Bot API's address and this server's as Telegram reaches it. */
export const TELEGRAM_SETTINGS = {
  TELEGRAM_API_URL: setting({
    group: 'telegram',
    values: 'an absolute http(s) URL',
    default: '`https://api.telegram.org`',
    meaning: 'address of the Telegram Bot API (tests: the fake); docs/TELEGRAM.md',
    schema: url('http', 'https'),
  }),
  TELEGRAM_WEBHOOK_URL: setting({
    group: 'telegram',
    values: 'an absolute http(s) URL (Telegram itself calls https only)',
    default: 'PUBLIC_MENU_URL; without either no webhook is set',
    meaning:
      "this server's public origin as Telegram reaches it: each bot's updates (buttons, commands) come to `<it>/api/telegram/webhook/<restaurant>`",
    schema: url('http', 'https'),
  }),
};
