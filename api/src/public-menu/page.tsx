/**
 * The guests' menu page, its 404 and an order's page, rendered to static HTML by React's server
 * renderer: every name, description and address is untrusted text and React escapes it (text and
 * attributes). No inline script: the page works with JavaScript off; category links and the
 * language switch are plain anchors. When the restaurant takes orders, products, options and
 * rows carry their ids and prices (`data-*`) and the guests' script (cart/) is loaded with
 * `defer` at the end, after the menu is on screen. At a table that takes orders (`?p=`, known
 * to the server: route.ts) the page also holds that table's panel (its name, the waiter and bill
 * buttons) and each dish's add button, disabled until the script wires them, with the cart's
 * stylesheet: the script moves nothing on screen (docs/DELIVERY.md, "The guests' cart script").
 * In the guest's language (language.ts): `<html lang>`, the page's own words, prices,
 * `hreflang` alternates; a text that fell back to Uzbek says `lang="uz"`.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CART_CSS } from './cart/styles';
import {
  DEFAULT_GUEST_LANG,
  formatGuestPrice,
  GUEST_WORDS,
  type GuestLang,
  type GuestWords,
  hreflangAlternates,
  languageLinks,
} from './language';
import type { LocalMenu, Said } from './localize';
import { Picture } from './picture';
import { MENU_CSS, NOSCRIPT_CSS } from './styles';
import { AddButton, type AtTable, TablePanel } from './table-parts';

type LocalCategory = LocalMenu['categories'][number];
type LocalProduct = LocalCategory['products'][number];

/** `lang="uz"` on a text shown in Uzbek on a page in another language. */
const langOf = (said: Said) => (said.uz ? 'uz' : undefined);

/** Pictures come from uploads (`/uploads/...`) or an http(s) address; anything else is dropped. */
function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

/** `tel:` wants digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function Document({
  lang,
  title,
  description,
  slug,
  script,
  css = '',
  children,
}: {
  lang: GuestLang;
  title: string;
  description?: string;
  /** The menu's slug: its `hreflang` alternates (none on the 404 page). */
  slug?: string;
  /** The guests' script, loaded after the page is parsed (none without ordering). */
  script?: string | null;
  /** Rules of this page only, after the menu's stylesheet. */
  css?: string;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        {slug
          ? hreflangAlternates(slug).map((a) => (
              <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
            ))
          : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant stylesheet, no user text */}
        <style dangerouslySetInnerHTML={{ __html: MENU_CSS + css }} />
        {script ? (
          <noscript>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant rule, no user text */}
            <style dangerouslySetInnerHTML={{ __html: NOSCRIPT_CSS }} />
          </noscript>
        ) : null}
      </head>
      <body>
        {children}
        {script ? <script src={script} defer /> : null}
      </body>
    </html>
  );
}

/**
 * How wide each picture is drawn (styles.ts), for the browser's pick among the widths: the cover
 * fills the column (720 px at most), the logo and the thumbnails have fixed boxes.
 */
const SIZES = { cover: '(min-width: 720px) 720px, 100vw', logo: '64px', thumbnail: '88px' } as const;

/**
 * The ids and prices the cart reads (cart/dishes.ts), on a page that takes orders only: a
 * product's id and price, a row's id and its extra when it has one. Ids do not compress (they
 * are most of these bytes), so nothing the order does not send is marked: an option is its `<dl>`.
 */
const cartData = (ordering: boolean, kind: 'product' | 'row', id: string, price: number) =>
  ordering ? { [`data-${kind}`]: id, ...(price || kind === 'product' ? { 'data-price': price } : {}) } : {};

/**
 * An option's rule and a row's limits for the cart's sheet (cart/dishes.ts), on a page that
 * takes orders, each only when it is not the default (an option of one row or none, a row taken
 * once, nothing free, not chosen beforehand): most menus carry none of these bytes.
 */
const ruleData = (ordering: boolean, rule: { min: number; max: number }) =>
  ordering
    ? { ...(rule.min ? { 'data-min': rule.min } : {}), ...(rule.max !== 1 ? { 'data-max': rule.max } : {}) }
    : {};
const limitData = (ordering: boolean, row: { max: number; free: number; default: boolean }) =>
  ordering
    ? {
        ...(row.max !== 1 ? { 'data-max': row.max } : {}),
        ...(row.free ? { 'data-free': row.free } : {}),
        ...(row.default ? { 'data-default': '' } : {}),
      }
    : {};

function Product({
  product,
  lang,
  priority,
  ordering,
  table,
}: {
  product: LocalProduct;
  lang: GuestLang;
  priority: boolean;
  ordering: boolean;
  table: AtTable | null;
}) {
  const image = safeImageUrl(product.image);
  const som = (price: number) => formatGuestPrice(price, lang);
  return (
    <li {...cartData(ordering, 'product', product.id, product.price)}>
      {/* the name is right beside it: an empty alt keeps screen readers from reading it twice */}
      {image ? (
        <Picture src={image} alt="" width={88} height={88} sizes={SIZES.thumbnail} priority={priority} />
      ) : null}
      <div>
        <h3 lang={langOf(product.name)}>{product.name.text}</h3>
        {product.description.text ? (
          <p className="desc" lang={langOf(product.description)}>
            {product.description.text}
          </p>
        ) : null}
        <p className="price">{som(product.price)}</p>
        {product.options.map((option, i) => (
          // options have no stable id on the page; their order is fixed by the query
          // biome-ignore lint/suspicious/noArrayIndexKey: static render, order never changes
          <dl className="opt" key={i} {...ruleData(ordering, option)}>
            <dt lang={langOf(option.name)}>{option.name.text}</dt>
            {option.rows.map((row, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static render, order never changes
              <dd key={j} {...cartData(ordering, 'row', row.id, row.price)} {...limitData(ordering, row)}>
                {/* a span only where needed: one per row would add ~6 % to a big menu */}
                {row.name.uz ? <span lang="uz">{row.name.text}</span> : row.name.text}
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
        {table ? <AddButton name={product.name.text} words={table.words} /> : null}
      </div>
    </li>
  );
}

function Category({
  category,
  lang,
  priorityId,
  ordering,
  table,
}: {
  category: LocalCategory;
  lang: GuestLang;
  priorityId: string | null;
  ordering: boolean;
  table: AtTable | null;
}) {
  return (
    <section id={`cat-${category.id}`}>
      <h2 lang={langOf(category.title)}>{category.title.text}</h2>
      <ul className="items">
        {category.products.map((p) => (
          <Product
            key={p.id}
            product={p}
            lang={lang}
            priority={p.id === priorityId}
            ordering={ordering}
            table={table}
          />
        ))}
      </ul>
    </section>
  );
}

/** The switch: one plain link per language under its own name (`lang` for screen readers). */
function LanguageSwitch({ lang, words }: { lang: GuestLang; words: GuestWords }) {
  return (
    <nav className="langs" aria-label={words.languageNav}>
      {languageLinks(lang).map((l) => (
        <a key={l.lang} href={l.href} lang={l.lang} aria-current={l.current ? 'page' : undefined}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}

/**
 * How a menu page is rendered beyond the menu itself; a new kind of page (another host of the
 * same menu) adds its own field here.
 */
export interface MenuPageOptions {
  /** The guests' script of the page's language when the restaurant takes orders (none: no cart). */
  script?: string | null;
  /** At a table that takes orders (with the script only): the table's name for its panel. */
  table?: ReactNode;
}

function MenuPage({ menu, script = null, table: tableName }: { menu: LocalMenu } & MenuPageOptions) {
  const { lang } = menu;
  const text = GUEST_WORDS[lang];
  const table: AtTable | null =
    script && tableName !== undefined && tableName !== null ? { name: tableName, words: text.cart } : null;
  const r = menu.restaurant;
  const cover = safeImageUrl(r.image);
  const logo = safeImageUrl(r.logotype);
  // The first picture on screen is fetched at once with high priority (the cover is the page's
  // largest paint); every other one is lazy. Without a cover or a logo, the first thumbnail.
  const firstProduct = menu.categories.flatMap((c) => c.products).find((p) => safeImageUrl(p.image));
  const priorityId = cover || logo ? null : (firstProduct?.id ?? null);
  return (
    <Document
      lang={lang}
      slug={r.slug}
      title={text.title(r.name)}
      description={text.description(r.name, r.address.text)}
      script={script}
      css={table ? CART_CSS : ''}
    >
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
          {/* a fact the restaurant has not given (a POS import brings only the name) is left out */}
          {r.address.text || r.phone_number || r.work_time.text ? (
            <dl className="facts">
              {r.address.text ? (
                <>
                  <dt>{text.address}</dt>
                  <dd lang={langOf(r.address)}>{r.address.text}</dd>
                </>
              ) : null}
              {r.phone_number ? (
                <>
                  <dt>{text.phone}</dt>
                  <dd>
                    <a className="tel" href={telHref(r.phone_number)}>
                      {r.phone_number}
                    </a>
                  </dd>
                </>
              ) : null}
              {r.work_time.text ? (
                <>
                  <dt>{text.workTime}</dt>
                  <dd lang={langOf(r.work_time)}>{r.work_time.text}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
          <LanguageSwitch lang={lang} words={text} />
        </div>
      </header>
      {table ? <TablePanel table={table} /> : null}
      {menu.categories.length > 0 ? (
        <nav aria-label={text.categoriesNav}>
          <ul>
            {menu.categories.map((c) => (
              <li key={c.id}>
                <a href={`#cat-${c.id}`} lang={langOf(c.title)}>
                  {c.title.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <main className="wrap">
        {menu.categories.length > 0 ? (
          menu.categories.map((c) => (
            <Category
              key={c.id}
              category={c}
              lang={lang}
              priorityId={priorityId}
              ordering={!!script}
              table={table}
            />
          ))
        ) : (
          <p className="empty">{text.emptyMenu}</p>
        )}
      </main>
    </Document>
  );
}

function NotFoundPage({ lang }: { lang: GuestLang }) {
  const text = GUEST_WORDS[lang];
  return (
    <Document lang={lang} title={text.notFoundTitle}>
      <main className="wrap lost">
        <h1>{text.notFoundTitle}</h1>
        <p>{text.notFoundText}</p>
        <p>{text.notFoundHint}</p>
      </main>
    </Document>
  );
}

export const html = (page: ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(page)}`;

export const renderMenuPage = (menu: LocalMenu, options: MenuPageOptions = {}): string =>
  html(<MenuPage menu={menu} {...options} />);

/**
 * Where a table's name goes in the page rendered for all the tables: an element React renders
 * as is, which no text of the menu can make (React escapes `<` in text and attributes).
 */
const TABLE_SLOT = '<template></template>';

/** The text escaped as React escapes it. */
const escapeText = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] as string,
  );

/**
 * The menu at its tables that take orders, rendered once: the page of one table is the page with
 * that table's name in its slot (the same HTML as `renderMenuPage(menu, { script, table })`), so
 * a busy restaurant's tables cost one render, not one each.
 */
export function renderTablePages(menu: LocalMenu, script: string): (table: string) => string {
  const page = renderMenuPage(menu, { script, table: <template /> });
  const at = page.indexOf(TABLE_SLOT);
  const before = page.slice(0, at);
  const after = page.slice(at + TABLE_SLOT.length);
  return (table) => before + escapeText(table) + after;
}
export const renderNotFoundPage = (lang: GuestLang = DEFAULT_GUEST_LANG): string =>
  html(<NotFoundPage lang={lang} />);
