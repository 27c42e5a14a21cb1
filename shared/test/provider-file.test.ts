/**
 * The provider's list of a day as the admin uploads it (docs/PAYMENTS.md, "Reconciliation"):
 * JSON (a list, or Payme's GetStatement answer) or CSV `id,amount,state`; a bad file is refused
 * whole and says why.
 */
import { describe, expect, it } from 'vitest';
import { parseProviderFile } from '../src/schemas';

describe('parseProviderFile', () => {
  it("reads a list, Payme's GetStatement answer (only the three fields) and CSV", () => {
    const entry = { id: '5305e3bab097f420a62ced0b', amount: 500_000, state: 2 };
    expect(parseProviderFile(JSON.stringify([entry]))).toEqual({ ok: true, transactions: [entry] });
    expect(
      parseProviderFile(
        JSON.stringify({ result: { transactions: [{ ...entry, time: 1, account: { bill_id: 'b' } }] } }),
      ),
    ).toEqual({ ok: true, transactions: [entry] });
    expect(
      parseProviderFile('\uFEFFID,Amount,State\n5305e3bab097f420a62ced0b,500000,2\n\n77,100,-2'),
    ).toEqual({
      ok: true,
      transactions: [entry, { id: '77', amount: 100, state: -2 }],
    });
    expect(parseProviderFile('{"result":{"transactions":[]}}')).toEqual({ ok: true, transactions: [] });
  });

  it("leaves out, and counts, a GetStatement's entries of another Tashkent day than the statement's", () => {
    // 2026-11-25 in Tashkent (UTC+5): from 2026-11-24T19:00Z to 2026-11-25T18:59:59.999Z
    const at = (iso: string) => Date.parse(iso);
    const answer = {
      result: {
        transactions: [
          { id: 'before', time: at('2026-11-24T18:59:59.999Z'), amount: 100, state: 2 },
          { id: 'first', time: at('2026-11-24T19:00:00.000Z'), amount: 200, state: 2 },
          { id: 'last', time: at('2026-11-25T18:59:59.999Z'), amount: 300, state: -2 },
          { id: 'after', time: at('2026-11-25T19:00:00.000Z'), amount: 400, state: 2 },
        ],
      },
    };
    expect(parseProviderFile(JSON.stringify(answer), '2026-11-25')).toEqual({
      ok: true,
      transactions: [
        { id: 'first', amount: 200, state: 2 },
        { id: 'last', amount: 300, state: -2 },
      ],
      otherDays: 2,
    });
    // without the day, or entries without a time: all of them
    expect(parseProviderFile(JSON.stringify(answer))).toMatchObject({
      ok: true,
      transactions: { length: 4 },
    });
    // a bad entry's number is its place in the file, the skipped ones counted
    const bad = {
      result: {
        transactions: [
          answer.result.transactions[0],
          { id: '', time: at('2026-11-25T10:00:00Z'), amount: 1, state: 2 },
        ],
      },
    };
    expect(parseProviderFile(JSON.stringify(bad), '2026-11-25')).toEqual({
      ok: false,
      error: 'bad_entry',
      line: 2,
    });
  });

  it('refuses a bad file whole, saying what and where', () => {
    expect(parseProviderFile('  ')).toEqual({ ok: false, error: 'empty' });
    expect(parseProviderFile('{"result":')).toEqual({ ok: false, error: 'not_json' });
    expect(parseProviderFile('{"error":{"code":-32504}}')).toEqual({ ok: false, error: 'not_json' });
    expect(parseProviderFile('id;amount;state\n1;2;3')).toEqual({ ok: false, error: 'csv_header' });
    expect(parseProviderFile('id,amount,state\na,100,2\nb,100.50,2')).toEqual({
      ok: false,
      error: 'bad_entry',
      line: 3,
    });
    expect(parseProviderFile('id,amount,state\na,100')).toEqual({ ok: false, error: 'bad_entry', line: 2 });
    expect(parseProviderFile('[{"id":"a","amount":1,"state":2},{"id":"","amount":1,"state":2}]')).toEqual({
      ok: false,
      error: 'bad_entry',
      line: 2,
    });
    const many = Array.from({ length: 10_001 }, (_, i) => ({ id: `t${i}`, amount: 1, state: 2 }));
    expect(parseProviderFile(JSON.stringify(many))).toEqual({ ok: false, error: 'too_many' });
  });
});
