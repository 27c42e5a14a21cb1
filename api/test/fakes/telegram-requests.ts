/**
 * What the fake Bot API takes, checked as Telegram checks it (docs/TELEGRAM.md, "What Telegram
 * receives"). Each request's parameters are held to the Bot API's documented tables, kept as a
 * JSON Schema (fixtures/telegram/requests.schema.json, its `_source` names the pages), through
 * the one request check of the fakes (request-check.ts). What a schema cannot say is checked
 * here, beside it:
 *
 * - a message's text is 1-4096 characters **after entities parsing** (core.telegram.org/bots/api
 *   #sendmessage, #editmessagetext): the text left once the HTML or Markdown markup is parsed
 *   (#formatting-options), counted in UTF-16 code units as Telegram counts entity offsets
 *   (#messageentity: "Offset in UTF-16 code units"); markup Telegram cannot parse is refused;
 * - a button's callback_data is 1-64 **bytes** (#inlinekeyboardbutton; grammyjs/types markup.ts);
 * - a press's answer is 0-200 characters (#answercallbackquery), in UTF-16 code units too.
 *
 * A refusal is Telegram's: HTTP 400 and the description Telegram writes for that fault, taken from
 * the recorded answers (fixtures/telegram/error.*.recorded.json, SOURCES.md there). A fault with no
 * recorded words keeps Telegram's status and form: "Bad Request: " and the schema's fault.
 */
import { readFileSync } from 'node:fs';
import { recorded } from '../fixtures/recorded';
import { requestChecks } from './request-check';

type Json = Record<string, unknown>;

const document = JSON.parse(
  readFileSync(new URL('../fixtures/telegram/requests.schema.json', import.meta.url), 'utf8'),
) as { methods: Record<string, unknown> };
const check = requestChecks(document);

/** The methods whose parameters the schema describes (every one this server calls). */
export const CHECKED_METHODS = Object.keys(document.methods);

/** A message's text, after entities parsing (#sendmessage). */
export const TEXT_LIMIT = 4096;
/** A press's answer (#answercallbackquery). */
export const ANSWER_LIMIT = 200;
/** A button's callback_data, in bytes (#inlinekeyboardbutton). */
export const CALLBACK_DATA_BYTES = 64;

/** Telegram's words for a fault, as recorded (fixtures/telegram/error.<name>.recorded.json). */
export const words = (name: string) =>
  recorded<{ description: string }>(`telegram/error.${name}.recorded.json`).description;

/** The optional fields of an InlineKeyboardButton: exactly one is used (#inlinekeyboardbutton). */
const BUTTON_KINDS = [
  'url',
  'callback_data',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
];
const TYPE_NAMES: Record<string, string> = {
  string: 'String',
  boolean: 'Boolean',
  integer: 'Integer',
  object: 'Object',
  array: 'Array',
};

/** A schema fault as Telegram words it: the first rule that names one of the faults wins. */
function worded(method: string, faults: string[], body: Json): string {
  const any = (pattern: RegExp) => faults.find((f) => pattern.test(f));
  const text = method === 'sendMessage' || method === 'editMessageText';
  if (any(/^\/ must have required property 'chat_id'/)) return words('chat-id-empty');
  if (any(/^\/chat_id /)) return words('chat-not-found');
  if (
    method === 'editMessageText' &&
    any(/^\/ must (have required property 'message_id'|match a schema in anyOf)/)
  )
    return words('message-identifier');
  if (text && any(/^\/(text must be string| must have required property 'text')/))
    return words('message-text-empty');
  if (any(/^\/parse_mode /)) return words('unsupported-parse-mode');
  if (any(/^\/reply_markup\/inline_keyboard\/\d+\/\d+\/callback_data /)) return words('button-data-invalid');
  const missingText = any(/^\/reply_markup\/inline_keyboard\/\d+\/\d+ must have required property 'text'/);
  if (missingText) return buttonFieldType('text', 'String');
  const fieldType = any(/^\/reply_markup\/inline_keyboard\/\d+\/\d+\/\w+ must be \w+/);
  if (fieldType) {
    const [, field, type] = /\/(\w+) must be (\w+)/.exec(fieldType) as unknown as [string, string, string];
    return buttonFieldType(field, TYPE_NAMES[type] ?? type);
  }
  const oneOf = any(/^\/reply_markup\/inline_keyboard\/\d+\/\d+ must match exactly one schema in oneOf/);
  if (oneOf) {
    const [, row, column] = /inline_keyboard\/(\d+)\/(\d+)/.exec(oneOf) as unknown as [
      string,
      string,
      string,
    ];
    const markup = body.reply_markup as { inline_keyboard: Json[][] };
    const button = markup.inline_keyboard[Number(row)]?.[Number(column)] ?? {};
    if (BUTTON_KINDS.every((k) => !(k in button))) return words('text-buttons-unallowed');
  }
  if (method === 'answerCallbackQuery') {
    if (any(/^\/(callback_query_id | must have required property 'callback_query_id')/))
      return words('query-id-invalid');
    if (any(/^\/text must NOT have more than/)) return words('callback-answer-too-long');
  }
  if (method === 'setWebhook') {
    if (any(/^\/secret_token /)) return words('secret-token');
    if (any(/^\/(url | must have required property 'url')/)) return words('bad-webhook-https');
  }
  if (method === 'getChatMember' && any(/^\/(user_id | must have required property 'user_id')/))
    return words('wrong-user-id');
  return `Bad Request: ${faults[0]}`;
}

/** The recorded form with another field (error.button-field-type.recorded.json names `url`). */
const buttonFieldType = (field: string, type: string) =>
  words('button-field-type')
    .replace('"url"', `"${field}"`)
    .replace(/String$/, type);

const byteOffset = (text: string, index: number) => Buffer.byteLength(text.slice(0, index), 'utf8');
/** The recorded form of an entity Telegram cannot parse (error.parse-entities.recorded.json). */
const cannotParse = (what: string) => `Bad Request: can't parse entities: ${what}`;

/** #formatting-options, HTML style: the tags Telegram knows, and the four named entities. */
const HTML_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'span',
  'tg-spoiler',
  'a',
  'tg-emoji',
  'code',
  'pre',
  'blockquote',
]);
const NAMED = { lt: '<', gt: '>', amp: '&', quot: '"' } as Record<string, string>;

function parseHtml(text: string): { text: string } | { error: string } {
  let out = '';
  const open: string[] = [];
  for (let i = 0; i < text.length; ) {
    const c = text[i] as string;
    if (c === '<') {
      const tag = /^<(\/?)([^\s>]*)[^>]*>/.exec(text.slice(i));
      const name = (tag?.[2] ?? /^<([^\s>]*)/.exec(text.slice(i))?.[1] ?? '').toLowerCase();
      if (!tag || !HTML_TAGS.has(name)) {
        return {
          error: cannotParse(`Unsupported start tag "${name}" at byte offset ${byteOffset(text, i)}`),
        };
      }
      if (tag[1]) {
        if (open.pop() !== name)
          return { error: cannotParse(`Expected end tag at byte offset ${byteOffset(text, i)}`) };
      } else open.push(name);
      i += tag[0].length;
      continue;
    }
    if (c === '&') {
      const entity = /^&(#x[0-9a-f]+|#\d+|[a-z]+);/i.exec(text.slice(i));
      const name = entity?.[1] ?? '';
      const decoded = name.startsWith('#x')
        ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number(name.slice(1)))
          : NAMED[name.toLowerCase()];
      if (entity && decoded !== undefined) {
        out += decoded;
        i += entity[0].length;
        continue;
      }
    }
    out += c;
    i += 1;
  }
  if (open.length > 0)
    return { error: cannotParse(`Expected end tag at byte offset ${byteOffset(text, text.length)}`) };
  return { text: out };
}

/**
 * #formatting-options, MarkdownV2 style (`v2`) and the legacy Markdown style: the markers are
 * taken away; in MarkdownV2 any other reserved character must be escaped with a preceding '\'.
 */
function parseMarkdown(text: string, v2: boolean): { text: string } | { error: string } {
  const RESERVED = '_*[]()~`>#+-=|{}.!';
  const markers = v2 ? ['```', '||', '__', '*', '_', '~', '`'] : ['```', '*', '_', '`'];
  let out = '';
  const open: { marker: string; at: number }[] = [];
  for (let i = 0; i < text.length; ) {
    const c = text[i] as string;
    const inCode = open.some((o) => o.marker.startsWith('`'));
    if (c === '\\' && (v2 || RESERVED.includes(text[i + 1] ?? ''))) {
      out += text[i + 1] ?? '';
      i += 2;
      continue;
    }
    const marker = markers.find((m) => text.startsWith(m, i) && (!inCode || m.startsWith('`')));
    if (marker) {
      if (open[open.length - 1]?.marker === marker) open.pop();
      else open.push({ marker, at: i });
      i += marker.length;
      continue;
    }
    if (!inCode && c === '[') {
      const link = /^\[([^\]]*)\]\(([^)]*)\)/.exec(text.slice(i));
      if (link) {
        out += link[1];
        i += link[0].length;
        continue;
      }
    }
    const quote = c === '>' && (i === 0 || text[i - 1] === '\n');
    if (v2 && !inCode && !quote && RESERVED.includes(c)) {
      return {
        error: cannotParse(`Character '${c}' is reserved and must be escaped with the preceding '\\'`),
      };
    }
    out += c;
    i += 1;
  }
  const unclosed = open[0];
  if (unclosed)
    return {
      error: cannotParse(
        `Can't find end of the entity starting at byte offset ${byteOffset(text, unclosed.at)}`,
      ),
    };
  return { text: out };
}

/** The text as Telegram keeps it once its markup is parsed, or Telegram's words for why it cannot be. */
export function afterEntities(text: string, parseMode: unknown): { text: string } | { error: string } {
  if (parseMode === 'HTML') return parseHtml(text);
  if (parseMode === 'MarkdownV2') return parseMarkdown(text, true);
  if (parseMode === 'Markdown') return parseMarkdown(text, false);
  return { text };
}

/** The limits the schema cannot say (see the head of this file). */
function limitFault(method: string, body: Json): string | undefined {
  if (method === 'sendMessage' || method === 'editMessageText') {
    const parsed = afterEntities(String(body.text), body.parse_mode);
    if ('error' in parsed) return parsed.error;
    // UTF-16 code units: a JavaScript string's length
    if (parsed.text.length === 0) return words('message-text-empty');
    if (parsed.text.length > TEXT_LIMIT) return words('message-too-long');
    const keyboard = (body.reply_markup as { inline_keyboard?: Json[][] } | undefined)?.inline_keyboard ?? [];
    for (const button of keyboard.flat()) {
      if (
        typeof button.callback_data === 'string' &&
        Buffer.byteLength(button.callback_data) > CALLBACK_DATA_BYTES
      )
        return words('button-data-invalid');
    }
  }
  if (method === 'answerCallbackQuery' && typeof body.text === 'string' && body.text.length > ANSWER_LIMIT)
    return words('callback-answer-too-long');
  return undefined;
}

/**
 * Why Telegram would refuse this call (its description, sent with HTTP 400), or undefined when it
 * would take it. A method the schema does not describe is not checked here (the fake answers it
 * as Telegram answers an unknown method).
 */
export function telegramRefusal(method: string, params: unknown): string | undefined {
  if (!CHECKED_METHODS.includes(method)) return undefined;
  const faults = check(`#/methods/${method}`)(params);
  const body = (params ?? {}) as Json;
  if (faults.length > 0) return worded(method, faults, body);
  return limitFault(method, body);
}
