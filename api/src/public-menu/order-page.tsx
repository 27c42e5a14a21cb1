/**
 * An order's page for its guest (`/m/<slug>/orders/<id>?key=`): the day's number, the table, the
 * status (and a rejection's reason), what was ordered with its options, the comment and the
 * total, in the order's language. A snapshot that reads without JavaScript (its refresh link
 * shows the status of the moment); the guests' script (cart/order.ts) follows the status live in
 * the `role="status"` region, so a screen reader hears each change.
 */
import type { GuestOrder } from '@qrmenu/shared/schemas';
import { fill, posText } from './cart/words';
import { formatGuestPrice, GUEST_WORDS, type GuestLang } from './language';
import { Document, html } from './page';
import { ORDER_CSS } from './styles';

export interface OrderPageProps {
  order: GuestOrder;
  lang: GuestLang;
  restaurant: string;
  /** The menu to go back to (`/m/<slug>?p=<table>`). */
  menuHref: string;
  /** This page's own address (the refresh link). */
  selfHref: string;
  script: string | null;
}

function OrderPage({ order, lang, restaurant, menuHref, selfHref, script }: OrderPageProps) {
  const words = GUEST_WORDS[lang].cart;
  const som = (n: number) => formatGuestPrice(n, lang);
  const title = fill(words.order, { number: order.number });
  return (
    <Document lang={lang} title={`${title} — ${restaurant}`} script={script} css={ORDER_CSS}>
      <header className="wrap">
        <div className="head">
          <h1>{title}</h1>
          <p className="desc">
            {restaurant} · {order.table}
          </p>
        </div>
      </header>
      <main className="wrap order" data-order={order._id}>
        <div role="status" className="state">
          <p>
            {words.status}: <b data-status={order.status}>{words.statuses[order.status]}</b>
          </p>
          <p className="qm-reason">
            {order.reject_reason ? fill(words.reason, { reason: order.reject_reason }) : ''}
          </p>
          <p className="qm-pos" data-pos-state={order.pos?.state ?? ''}>
            {posText(order.pos, words)}
          </p>
        </div>
        <p className="qm-live" />
        <ul className="items">
          {order.items.map((line, i) => (
            // a snapshot: the lines never move
            // biome-ignore lint/suspicious/noArrayIndexKey: static render, order never changes
            <li key={i}>
              <div>
                <p>
                  <b>{line.name}</b>
                </p>
                {line.rows.map((row) => (
                  <p className="desc" key={row._id}>
                    {row.option}: {row.name}
                  </p>
                ))}
                <p className="price">
                  {som(line.price)} × {line.quantity} = {som(line.price * line.quantity)}
                </p>
              </div>
            </li>
          ))}
        </ul>
        {order.comment ? (
          <p>
            <b>{words.commentShown}:</b> {order.comment}
          </p>
        ) : null}
        <p className="price">
          {words.total}: {som(order.total)}
        </p>
        <p className="links">
          <a href={selfHref}>{words.refresh}</a>
          <a href={menuHref}>{words.backToMenu}</a>
        </p>
      </main>
    </Document>
  );
}

export const renderOrderPage = (props: OrderPageProps): string => html(<OrderPage {...props} />);
