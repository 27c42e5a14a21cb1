/**
 * An order's page for its guest (`/m/<slug>/orders/<id>?key=`): the day's number, the table, the
 * status (and a rejection's reason), what was ordered with its options, the comment and the
 * total, in the order's language. A snapshot that reads without JavaScript (its refresh link
 * shows the status of the moment); the guests' script (cart/order.ts) follows the status live in
 * the `role="status"` region, so a screen reader hears each change.
 */
import type { Bill, GuestOrder } from '@qrmenu/shared/schemas';
import { formatOrderRows } from '@qrmenu/shared/texts';
import { fill, posText } from './cart/words';
import { formatGuestPrice, formatGuestTiyin, GUEST_WORDS, type GuestLang } from './language';
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
  /**
   * The table's bill when the restaurant takes payments (docs/PAYMENTS.md); its «To'lash» links
   * (`pay?method=`) work without JavaScript: the server sends the guest on to the provider.
   */
  bill?: Bill | null;
  /** The last attempt to pay could not start (`?pay=failed`). */
  payFailed?: boolean;
}

const METHOD_NAMES: Record<string, string> = { payme: 'Payme', click: 'Click' };

/** The paid line (or a cancelled payment's) the page shows and the script keeps up to date. */
export function paymentText(order: Pick<GuestOrder, 'payment'>, lang: GuestLang): string {
  const words = GUEST_WORDS[lang].cart;
  const p = order.payment;
  if (!p) return '';
  if (p.status === 'refunded') return words.refunded;
  return fill(words.paid, {
    sum: formatGuestTiyin(p.amount, lang),
    method: METHOD_NAMES[p.method] ?? p.method,
  });
}

function BillSection({
  bill,
  lang,
  order,
  selfHref,
  payFailed,
}: Required<Pick<OrderPageProps, 'lang' | 'order' | 'selfHref'>> & { bill: Bill; payFailed: boolean }) {
  const words = GUEST_WORDS[lang].cart;
  const payable = bill.status === 'open' && bill.amount > 0 && order.payment?.status !== 'paid';
  const key = new URLSearchParams(selfHref.slice(1)).get('key') ?? '';
  return (
    <section className="bill" aria-labelledby="qm-bill">
      <h2 id="qm-bill">{words.bill}</h2>
      <p className="desc">
        {fill(words.billOrders, { numbers: bill.orders.map((o) => `#${o.number}`).join(', ') })}
      </p>
      {bill.orders
        .filter((o) => o.menu_amount !== null)
        .map((o) => (
          // rendered once on the server; a bill crossing midnight may repeat a number
          <p key={`${o.number}:${o.amount}:${o.menu_amount}`} className="desc">
            {fill(words.billPosAmount, {
              number: o.number,
              pos: formatGuestTiyin(o.amount, lang),
              menu: formatGuestTiyin(o.menu_amount ?? 0, lang),
            })}
          </p>
        ))}
      <p className="price">
        {words.total}: {formatGuestTiyin(bill.amount, lang)}
      </p>
      {payFailed ? <p className="qm-pay-failed">{words.payFailed}</p> : null}
      {payable && bill.methods.length > 0 ? (
        <nav className="pay" aria-label={words.pay}>
          {bill.methods.map((m) => (
            <a
              key={m}
              className="pay-button"
              href={`${order._id}/pay?${new URLSearchParams({ key, method: m, lang })}`}
            >
              {fill(words.payWith, { method: METHOD_NAMES[m] ?? m })}
            </a>
          ))}
        </nav>
      ) : null}
    </section>
  );
}

function OrderPage({ order, lang, restaurant, menuHref, selfHref, script, bill, payFailed }: OrderPageProps) {
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
        <p className="qm-paid" data-paid={order.payment?.status ?? ''}>
          {paymentText(order, lang)}
        </p>
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
                {line.rows.length > 0 ? <p className="desc">{formatOrderRows(line.rows)}</p> : null}
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
        {bill ? (
          <BillSection
            bill={bill}
            lang={lang}
            order={order}
            selfHref={selfHref}
            payFailed={payFailed ?? false}
          />
        ) : null}
        <p className="links">
          <a href={selfHref}>{words.refresh}</a>
          <a href={menuHref}>{words.backToMenu}</a>
        </p>
      </main>
    </Document>
  );
}

export const renderOrderPage = (props: OrderPageProps): string => html(<OrderPage {...props} />);
