/**
 * The guests' menu page and its 404, rendered to static HTML by React's server renderer: every
 * name, description and address is untrusted text and React escapes it (text and attributes).
 * No script at all: the page works with JavaScript off; category links are plain anchors.
 */
import { formatPrice, t } from '@qrmenu/shared/texts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Menu, MenuCategory, MenuProduct } from './menu-data';
import { Picture } from './picture';
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

/**
 * How wide each picture is drawn (styles.ts), for the browser's pick among the widths: the cover
 * fills the column (720 px at most), the logo and the thumbnails have fixed boxes.
 */
const SIZES = { cover: '(min-width: 720px) 720px, 100vw', logo: '64px', thumbnail: '88px' } as const;

function Product({ product, priority }: { product: MenuProduct; priority: boolean }) {
  const image = safeImageUrl(product.image);
  return (
    <li>
      {/* the name is right beside it: an empty alt keeps screen readers from reading it twice */}
      {image ? (
        <Picture src={image} alt="" width={88} height={88} sizes={SIZES.thumbnail} priority={priority} />
      ) : null}
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

function Category({ category, priorityId }: { category: MenuCategory; priorityId: string | null }) {
  return (
    <section id={`cat-${category.id}`}>
      <h2>{category.title}</h2>
      <ul className="items">
        {category.products.map((p) => (
          <Product key={p.id} product={p} priority={p.id === priorityId} />
        ))}
      </ul>
    </section>
  );
}

export function MenuPage({ menu }: { menu: Menu }) {
  const r = menu.restaurant;
  const cover = safeImageUrl(r.image);
  const logo = safeImageUrl(r.logotype);
  // The first picture on screen is fetched at once with high priority (the cover is the page's
  // largest paint); every other one is lazy. Without a cover or a logo, the first thumbnail.
  const firstProduct = menu.categories.flatMap((c) => c.products).find((p) => safeImageUrl(p.image));
  const priorityId = cover || logo ? null : (firstProduct?.id ?? null);
  return (
    <Document title={text.title(r.name)} description={text.description(r.name, r.address)}>
      <header className="wrap">
        {cover ? (
          <Picture
            className="cover"
            src={cover}
            alt={text.pictureAlt(r.name)}
            width={720}
            height={288}
            sizes={SIZES.cover}
            priority
          />
        ) : null}
        <div className="head">
          <div className="brand">
            {logo ? (
              <Picture
                className="logo"
                src={logo}
                alt={text.logoAlt(r.name)}
                width={64}
                height={64}
                sizes={SIZES.logo}
                priority={!cover}
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
          menu.categories.map((c) => <Category key={c.id} category={c} priorityId={priorityId} />)
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
