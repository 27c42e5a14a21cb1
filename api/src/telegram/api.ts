/**
 * The Telegram Bot API as this server uses it (docs/TELEGRAM.md): one `POST <base>/bot<token>/<method>`
 * with a JSON body per call, answered `{ok: true, result}` or `{ok: false, error_code,
 * description, parameters?}` (core.telegram.org/bots/api#making-requests). The shapes read here
 * are the zod schemas below: only the fields this server uses, others passed over, so a field
 * Telegram adds changes nothing. `api/test/telegram-contract.test.ts` runs them over the
 * recorded answers.
 *
 * A thin client of its own rather than a framework (grammY, telegraf): the server sends eight
 * methods and takes updates through its own webhook route, where a framework's router, session
 * and polling would sit unused.
 */
import { z } from 'zod';

/** Where the Bot API is (TELEGRAM_API_URL; tests: the fake). */
export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';

export const tgUser = z.looseObject({
  id: z.number(),
  is_bot: z.boolean(),
  first_name: z.string(),
  last_name: z.string().optional(),
  username: z.string().optional(),
});
export type TgUser = z.infer<typeof tgUser>;

export const tgChat = z.looseObject({
  id: z.number(),
  type: z.string(),
  title: z.string().optional(),
  username: z.string().optional(),
  is_forum: z.boolean().optional(),
});
export type TgChat = z.infer<typeof tgChat>;

/** ChatMember: what the bot may do in the chat (the union's fields this server reads). */
export const tgChatMember = z.looseObject({
  status: z.string(),
  user: tgUser,
  can_post_messages: z.boolean().optional(),
  can_send_messages: z.boolean().optional(),
  is_member: z.boolean().optional(),
});
export type TgChatMember = z.infer<typeof tgChatMember>;

export const tgMessage = z.looseObject({
  message_id: z.number(),
  chat: tgChat,
  date: z.number(),
  from: tgUser.optional(),
  sender_chat: tgChat.optional(),
  text: z.string().optional(),
  message_thread_id: z.number().optional(),
});
export type TgMessage = z.infer<typeof tgMessage>;

export const tgCallbackQuery = z.looseObject({
  id: z.string(),
  from: tgUser,
  message: z.looseObject({ message_id: z.number(), chat: tgChat }).optional(),
  data: z.string().optional(),
});
export type TgCallbackQuery = z.infer<typeof tgCallbackQuery>;

/** An update sent to the webhook: the kinds this server asks for (`ALLOWED_UPDATES`). */
export const tgUpdate = z.looseObject({
  update_id: z.number().int(),
  message: tgMessage.optional(),
  channel_post: tgMessage.optional(),
  callback_query: tgCallbackQuery.optional(),
});
export type TgUpdate = z.infer<typeof tgUpdate>;

export const ALLOWED_UPDATES = ['message', 'channel_post', 'callback_query'] as const;

const okAnswer = z.looseObject({
  ok: z.literal(true),
  result: z.unknown(),
  description: z.string().optional(),
});
const errorAnswer = z.looseObject({
  ok: z.literal(false),
  error_code: z.number(),
  description: z.string(),
  parameters: z.looseObject({ retry_after: z.number().optional() }).optional(),
});
export const tgAnswer = z.union([okAnswer, errorAnswer]);

/** The Bot API refused a call: its error code and description, and how long to wait on 429. */
export class TelegramError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly retryAfterS?: number,
  ) {
    super(`Telegram ${code}: ${description}`);
    this.name = 'TelegramError';
  }
}

/** The Bot API did not answer (a timeout, a network fault, a 5xx or an unreadable body): try later. */
export class TelegramUnreachable extends Error {
  constructor(reason: string) {
    super(`Telegram unreachable: ${reason}`);
    this.name = 'TelegramUnreachable';
  }
}

/** The results of the methods this server calls. */
const RESULTS = {
  getMe: tgUser,
  getChat: tgChat,
  getChatMember: tgChatMember,
  sendMessage: tgMessage,
  // true for an inline message; a Message otherwise
  editMessageText: z.union([tgMessage, z.literal(true)]),
  answerCallbackQuery: z.literal(true),
  setWebhook: z.literal(true),
  deleteWebhook: z.literal(true),
  setChatMenuButton: z.literal(true),
} as const;
export type Method = keyof typeof RESULTS;
export type Result<M extends Method> = z.infer<(typeof RESULTS)[M]>;

export interface BotApiOptions {
  baseUrl?: string | undefined;
  /** A call that takes longer is abandoned as unreachable (default 10 s). */
  timeoutMs?: number;
}

export type BotCall = <M extends Method>(method: M, params?: Record<string, unknown>) => Promise<Result<M>>;

/** Reads a Bot API answer: the result of `method`, or the error it carries. */
export function readAnswer<M extends Method>(method: M, status: number, body: unknown): Result<M> {
  const answer = tgAnswer.safeParse(body);
  if (!answer.success) {
    throw new TelegramUnreachable(`HTTP ${status} with a body that is not a Bot API answer`);
  }
  const a = answer.data;
  if (a.ok === false) {
    if (a.error_code >= 500) throw new TelegramUnreachable(`${a.error_code} ${a.description}`);
    throw new TelegramError(a.error_code, a.description, a.parameters?.retry_after);
  }
  const result = RESULTS[method].safeParse(a.result);
  if (!result.success) throw new TelegramUnreachable(`${method} answered an unexpected result`);
  return result.data as Result<M>;
}

/** A client of one bot (its token). */
export function botApi(token: string, options: BotApiOptions = {}): BotCall {
  const base = (options.baseUrl ?? DEFAULT_TELEGRAM_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (method, params = {}) => {
    let res: Response;
    let body: unknown;
    try {
      res = await fetch(`${base}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await res.json().catch(() => undefined);
    } catch (err) {
      // the token is part of the address: never repeated in a message
      throw new TelegramUnreachable((err as Error).name === 'TimeoutError' ? 'timeout' : 'network error');
    }
    if (res.status >= 500 && body === undefined) throw new TelegramUnreachable(`HTTP ${res.status}`);
    return readAnswer(method, res.status, body);
  };
}
