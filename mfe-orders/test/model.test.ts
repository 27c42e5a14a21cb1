import { ORDER_TRANSITIONS } from '@qrmenu/shared/schemas';
import { fixtures } from '@qrmenu/shared/testing/kit';
import { describe, expect, it } from 'vitest';
import { ageText, groupBoard, movesOf } from '../src/board/model';

describe('the board model', () => {
  it("offers exactly the moves of the state machine, the step forward first, with the issue's words", () => {
    expect(movesOf('sent').map((m) => m.label)).toEqual(['Qabul qilish', 'Rad etish']);
    expect(movesOf('accepted').map((m) => m.label)).toEqual(['Tayyor', 'Rad etish']);
    expect(movesOf('ready').map((m) => m.label)).toEqual(['Berildi']);
    expect(movesOf('served')).toEqual([]);
    expect(movesOf('rejected')).toEqual([]);
    for (const from of ['sent', 'accepted', 'ready', 'served', 'rejected'] as const) {
      expect(
        movesOf(from)
          .map((m) => m.status)
          .sort(),
      ).toEqual([...ORDER_TRANSITIONS[from]].sort());
    }
  });

  it('puts the work in three columns, oldest first, and the finished ones apart, newest first', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 12, m)).toISOString();
    const late = fixtures.order({ createdAt: at(10), updatedAt: at(10) });
    const early = fixtures.order({ createdAt: at(1), updatedAt: at(1) });
    const accepted = fixtures.order({ status: 'accepted' });
    const served = fixtures.order({ status: 'served', updatedAt: at(5) });
    const rejected = fixtures.order({ status: 'rejected', updatedAt: at(20) });
    const board = groupBoard([late, served, accepted, early, rejected]);
    expect(board.columns.sent).toEqual([early, late]);
    expect(board.columns.accepted).toEqual([accepted]);
    expect(board.columns.ready).toEqual([]);
    expect(board.finished).toEqual([rejected, served]);
  });

  it('says an age in minutes, then hours', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0);
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    expect(ageText(ago(0), now)).toBe('Hozirgina');
    expect(ageText(ago(7), now)).toBe('7 daqiqa oldin');
    expect(ageText(ago(60), now)).toBe('1 soat oldin');
    expect(ageText(ago(65), now)).toBe('1 soat 5 daqiqa oldin');
  });
});
