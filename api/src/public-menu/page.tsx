/**
 * The guests' menu page and its 404, rendered to static HTML by React's server renderer: every
 * name, description and address is untrusted text and React escapes it (text and attributes).
 * No script at all: the page works with JavaScript off; category links are plain anchors.
 */
import { formatPrice, t } from '@qrmenu/shared/texts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Menu, MenuCategory, MenuProduct } from './menu-data';
import { MENU_CSS } from './styles';

const text = t.guestMenu;

const som = (price: number) => `${formatPrice(price)} ${text.currency}`;

/** Pictures come from uploads (`/uploads/...`) or an http(s) address; anything else is dropped. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

/** `tel:` wants digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Document({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <html lang="uz">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant stylesheet, no user text */}
        <style dangerouslySetInnerHTML={{ __html: MENU_CSS }} />
      </head>
      <body>{children}</body>
    </html>
  );
}

function Product({ product }: { product: MenuProduct }) {
  const image = safeImageUrl(product.image);
  return (
    <li>
      {/* the name is right beside it: an empty alt keeps screen readers from reading it twice */}
      {image ? <img src={image} alt="" width={88} height={88} loading="lazy" /> : null}
      <div>
        <h3>{product.name}</h3>
        {product.description ? <p className="desc">{product.description}</p> : null}
        <p className="price">{som(product.price)}</p>
        {product.options.map((option, i) => (
          // options have no stable id on the page; their order is fixed by the query
          // biome-ignore lint/suspicious/noArrayIndexKey: static render, order never changes
          <dl className="opt" key={i}>
            <dt>{option.name}</dt>
            {option.rows.map((row, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static render, order never changes
              <dd key={j}>
                {row.name}
                {row.price > 0 ? (
                  <>
                    {' '}
                    <b>+{som(row.price)}</b>
                  </>
                ) : null}
              </dd>
            ))}
          </dl>
        ))}
      </div>
    </li>
  );
}

function Category({ category }: { category: MenuCategory }) {
  return (
    <section id={`cat-${category.id}`}>
      <h2>{category.title}</h2>
      <ul className="items">
        {category.products.map((p) => (
          <Product key={p.id} product={p} />
        ))}
      </ul>
    </section>
  );
}

export function MenuPage({ menu }: { menu: Menu }) {
  const r = menu.restaurant;
  const cover = safeImageUrl(r.image);
  const logo = safeImageUrl(r.logotype);
  return (
    <Document title={text.title(r.name)} description={text.description(r.name, r.address)}>
      <header className="wrap">
        {cover ? (
          <img
            className="cover"
            src={cover}
            alt={text.pictureAlt(r.name)}
            width={720}
            height={288}
            loading="lazy"
          />
        ) : null}
        <div className="head">
          <div className="brand">
            {logo ? (
              <img
                className="logo"
                src={logo}
                alt={text.logoAlt(r.name)}
                width={64}
                height={64}
                loading="lazy"
              />
            ) : null}
            <h1>{r.name}</h1>
          </div>
          <dl className="facts">
            <dt>{text.address}</dt>
            <dd>{r.address}</dd>
            <dt>{text.phone}</dt>
            <dd>
              <a className="tel" href={telHref(r.phone_number)}>
                {r.phone_number}
              </a>
            </dd>
            <dt>{text.workTime}</dt>
            <dd>{r.work_time}</dd>
          </dl>
        </div>
      </header>
      {menu.categories.length > 0 ? (
        <nav aria-label={text.categoriesNav}>
          <ul>
            {menu.categories.map((c) => (
              <li key={c.id}>
                <a href={`#cat-${c.id}`}>{c.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <main className="wrap">
        {menu.categories.length > 0 ? (
          menu.categories.map((c) => <Category key={c.id} category={c} />)
        ) : (
          <p className="empty">{text.emptyMenu}</p>
        )}
      </main>
    </Document>
  );
}

export function NotFoundPage() {
  return (
    <Document title={text.notFoundTitle}>
      <main className="wrap lost">
        <h1>{text.notFoundTitle}</h1>
        <p>{text.notFoundText}</p>
        <p>{text.notFoundHint}</p>
      </main>
    </Document>
  );
}

const html = (page: ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(page)}`;

export const renderMenuPage = (menu: Menu): string => html(<MenuPage menu={menu} />);
export const renderNotFoundPage = (): string => html(<NotFoundPage />);
