/**
 * The visits' bot filter (src/visits/bots.ts) over real user agents (fixtures/visits/
 * user-agents.json, each with where it was recorded): in-app browsers (Telegram on Android and
 * iOS, Facebook, Instagram, Viber, LinkedIn, Pinterest, the Yandex app, WeChat) are guests;
 * link-preview fetchers and crawlers are not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isNotAGuest } from '../src/visits/bots';

interface Agent {
  what: string;
  guest: boolean;
  ua: string;
  source: string;
}
const { agents } = JSON.parse(
  readFileSync(new URL('./fixtures/visits/user-agents.json', import.meta.url), 'utf8'),
) as { agents: Agent[] };

describe('who is a guest, by user agent', () => {
  it('has both kinds, each with its source', () => {
    expect(agents.filter((a) => a.guest).length).toBeGreaterThan(10);
    expect(agents.filter((a) => !a.guest).length).toBeGreaterThan(10);
    for (const a of agents) expect(a.source.length).toBeGreaterThan(10);
  });

  it.each(agents.map((a) => [a.guest ? 'counts' : 'does not count', a.what, a] as const))(
    '%s %s',
    (_verb, _what, agent) => {
      expect(isNotAGuest({ 'user-agent': agent.ua })).toBe(!agent.guest);
    },
  );

  it("counts Telegram's in-app browser on Android and iOS, not its link preview", () => {
    const telegram = agents.filter((a) => a.what.startsWith('Telegram in-app browser'));
    expect(telegram.some((a) => a.what.includes('Android'))).toBe(true);
    expect(telegram.some((a) => a.what.includes('iOS'))).toBe(true);
    for (const a of telegram) expect(isNotAGuest({ 'user-agent': a.ua })).toBe(false);
    expect(isNotAGuest({ 'user-agent': 'TelegramBot (like TwitterBot)' })).toBe(true);
  });
});
