/**
 * The parts of the guests' menu page at a table that takes orders (page.tsx): the table's panel
 * and each dish's add button, in the server's HTML so that their room is taken from the first
 * paint (docs/DELIVERY.md, "The guests' cart script").
 */
import type { ReactNode } from 'react';
import { type CartWords, fill } from './cart/words';

/**
 * What a page at a table that takes orders adds to the menu: the words of its panel and of the
 * add buttons, and the table's name (a React node: route.ts renders one page for all the tables
 * with a slot there, renderTablePages).
 */
export interface AtTable {
  name: ReactNode;
  words: CartWords;
}

/**
 * A dish's add button, in the server's HTML so that its room is taken from the first paint; the
 * script (cart/menu.ts) enables it and opens the dish's sheet from it.
 */
export const AddButton = ({ name, words }: { name: string; words: CartWords }) => (
  <button
    type="button"
    className="qm-btn qm-add"
    aria-haspopup="dialog"
    aria-label={fill(words.addLabel, { name })}
    disabled
  >
    {words.add}
  </button>
);

/**
 * The table's panel under the header: its name, the waiter call and the bill request (disabled
 * until the script wires them and knows which call is pending: cart/calls.ts), their status line.
 */
export const TablePanel = ({ table }: { table: AtTable }) => (
  <section className="qm-table">
    <p>
      <b>{table.name}</b>
    </p>
    <button type="button" className="qm-btn qm-alt" data-call="waiter" disabled>
      {table.words.callWaiter}
    </button>
    <button type="button" className="qm-btn qm-alt" data-call="bill" disabled>
      {table.words.askBill}
    </button>
    <p role="status" />
  </section>
);
