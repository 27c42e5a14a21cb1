/**
 * The demo's pictures, drawn rather than downloaded: each dish of the showcase restaurant as a
 * simple illustration (an Uzbek plate or bowl seen from above, drinks from the side), its cover
 * (a tile pattern with pilaf and tea) and its logo (a sprig of basil: "rayhon"). SVG made here,
 * rendered to a JPEG by sharp; what becomes of the JPEG is the upload's pipeline (app.pictures).
 * No text in any picture: the page around it speaks the guest's language. The same input gives
 * the same picture (a seeded random), so two demos look alike.
 */
import sharp from 'sharp';
import {
  bowl,
  f,
  herbs,
  meat,
  pick,
  piece,
  piyola,
  plate,
  type Random,
  randomFrom,
  scatter,
  seedOf,
  sideView,
  somewhere,
  steam,
  svg,
  table,
  teapot,
} from './art-kit';

export const DISHES = ['plov', 'lagman', 'manti', 'norin', 'mastava', 'shurpa', 'tea', 'compote'] as const;
export type Dish = (typeof DISHES)[number];

/** A dish's picture: 4:3, the dish in the middle square (the menu's thumbnails are square). */
export const DISH_SIZE = { width: 960, height: 720 } as const;
/** The cover: the guests' page draws it 5:2 across the column. */
export const COVER_SIZE = { width: 1440, height: 576 } as const;
export const LOGO_SIZE = { width: 512, height: 512 } as const;

function plov(rnd: Random): string {
  const grains = scatter(rnd, 900, 215, (x, y, t) =>
    piece(x, y, t, 15, 6, pick(rnd, ['#fbe7b0', '#f5d58c', '#eec06a', '#fff3cf', '#e9b45a'])),
  );
  const carrots = scatter(rnd, 110, 205, (x, y, t) =>
    piece(x, y, t, 30, 7, pick(rnd, ['#e8731f', '#f08a2c', '#d9621a', '#f5a13a'])),
  );
  const chickpeas = scatter(
    rnd,
    26,
    190,
    (x, y) => `<circle cx="${f(x)}" cy="${f(y)}" r="8" fill="#e2bb6c" stroke="#b98b3e" stroke-width="1.5"/>`,
  );
  const eggs = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const a = (i / 6) * Math.PI * 2 + 0.4;
      const x = 150 * Math.cos(a);
      const y = 150 * Math.sin(a);
      return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="22" ry="17" fill="#fffdf6" stroke="#e8dcc4" stroke-width="2"/><circle cx="${f(x)}" cy="${f(y)}" r="9" fill="#f2b632"/>`;
    })
    .join('');
  const garlic = `<circle r="34" fill="#efe3c8" stroke="#cdb88f" stroke-width="2"/><path d="M-20 -24Q0 0 -20 24M0 -34V34M20 -24Q0 0 20 24" fill="none" stroke="#cdb88f" stroke-width="2"/>`;
  return `${plate(300)}<circle r="222" fill="#d99a3a"/>${grains}${carrots}${chickpeas}${meat(rnd, 7, 95)}${eggs}${garlic}`;
}

function lagman(rnd: Random): string {
  const noodles = Array.from({ length: 34 }, () => {
    const [x1, y1] = somewhere(rnd, 175);
    const [x2, y2] = somewhere(rnd, 175);
    const [cx, cy] = somewhere(rnd, 120);
    const d = `M${f(x1)} ${f(y1)}Q${f(cx)} ${f(cy)} ${f(x2)} ${f(y2)}`;
    return `<path d="${d}" fill="none" stroke="#d6b06a" stroke-width="13" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#f7e4b2" stroke-width="8" stroke-linecap="round"/>`;
  }).join('');
  const peppers = scatter(rnd, 26, 170, (x, y, t) =>
    piece(x, y, t, 26, 14, pick(rnd, ['#c0281c', '#3b8a2e', '#e0a21b']), 4),
  );
  return `${bowl(290, ['#e0642a', '#a8300f'], 'sauce')}${noodles}${meat(rnd, 10, 160, 34)}${peppers}${herbs(rnd, 40, 180)}`;
}

/** A dumpling seen from above: a round of dough gathered into pleats at its middle. */
function dumpling(x: number, y: number, r: number): string {
  const pleats = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const a = (i / 6) * Math.PI * 2;
      return `<path d="M${f(x + r * 0.85 * Math.cos(a))} ${f(y + r * 0.85 * Math.sin(a))}Q${f(x + r * 0.3 * Math.cos(a + 0.5))} ${f(y + r * 0.3 * Math.sin(a + 0.5))} ${f(x)} ${f(y)}" fill="none" stroke="#d2b98a" stroke-width="3"/>`;
    })
    .join('');
  return `<circle cx="${f(x + 4)}" cy="${f(y + 8)}" r="${r}" fill="#000" opacity="0.18"/><circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="url(#dough)"/>${pleats}<circle cx="${f(x)}" cy="${f(y)}" r="6" fill="#e9d6ae"/>`;
}

function manti(rnd: Random): string {
  const dough = `<radialGradient id="dough" cx="0.4" cy="0.35"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#ead7b0"/></radialGradient>`;
  const ring = [0, 1, 2, 3, 4, 5]
    .map((i) => dumpling(140 * Math.cos((i / 6) * Math.PI * 2), 140 * Math.sin((i / 6) * Math.PI * 2), 66))
    .join('');
  const cream = `<path d="M-40 -8C-38 -42 30 -46 42 -12C56 24 12 46 -14 38C-42 30 -42 12 -40 -8Z" fill="#fbfaf5" stroke="#ece6d8" stroke-width="2"/>`;
  const pepper = scatter(
    rnd,
    30,
    230,
    (x, y) => `<circle cx="${f(x)}" cy="${f(y)}" r="2.5" fill="#b5281c"/>`,
  );
  return `${dough}${plate(300, false)}${ring}${dumpling(0, 0, 62)}${cream}${herbs(rnd, 45, 230)}${pepper}`;
}

function norin(rnd: Random): string {
  const strands = scatter(rnd, 520, 205, (x, y, t) =>
    piece(x, y, t, 34, 4, pick(rnd, ['#f3e3bd', '#e8d2a0', '#fbf0d4'])),
  );
  const slices = scatter(rnd, 46, 190, (x, y, t) =>
    piece(x, y, t, 44, 11, pick(rnd, ['#9b4a3a', '#b86a55', '#7d3a2c']), 3),
  );
  const onions = scatter(
    rnd,
    14,
    170,
    (x, y) => `<circle cx="${f(x)}" cy="${f(y)}" r="14" fill="none" stroke="#f3eef7" stroke-width="4"/>`,
  );
  const pepper = scatter(rnd, 60, 200, (x, y) => `<circle cx="${f(x)}" cy="${f(y)}" r="2" fill="#2b2420"/>`);
  return `${plate(300)}<circle r="212" fill="#e6d3a6"/>${strands}${slices}${onions}${pepper}`;
}

function mastava(rnd: Random): string {
  const rice = scatter(rnd, 170, 205, (x, y, t) => piece(x, y, t, 13, 6, pick(rnd, ['#fbefd2', '#f4e2b8'])));
  const potatoes = scatter(rnd, 14, 180, (x, y, t) => piece(x, y, t, 30, 26, '#f2d37e', 6));
  const carrots = scatter(rnd, 16, 185, (x, y, t) => piece(x, y, t, 20, 18, '#e8731f', 4));
  const qatiq = `<path d="M-62 -6C-66 -48 2 -70 44 -44C80 -22 66 34 30 50C-8 66 -58 38 -62 -6Z" fill="#fdfcf7"/><path d="M-30 -14C-12 -34 22 -26 20 -2" fill="none" stroke="#ebe6da" stroke-width="5" stroke-linecap="round"/>`;
  return `${bowl(290, ['#ec8f45', '#c0561c'], 'mastava')}${rice}${potatoes}${carrots}${meat(rnd, 6, 170, 34)}${qatiq}${herbs(rnd, 55, 200)}`;
}

function shurpa(rnd: Random): string {
  const fat = scatter(
    rnd,
    45,
    215,
    (x, y) =>
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(4 + rnd() * 9)}" fill="#fff2b8" opacity="0.35" stroke="#fff6cf" stroke-opacity="0.5"/>`,
  );
  const potato = (x: number, y: number, t: number) =>
    `<ellipse cx="${x}" cy="${y}" rx="62" ry="44" fill="#f1d37f" stroke="#d7b25a" stroke-width="3" transform="rotate(${t} ${x} ${y})"/>`;
  const carrot = (x: number, y: number, t: number) => piece(x, y, t, 70, 30, '#e8731f', 12);
  const bone = `<g transform="rotate(-20 30 20)"><rect x="-40" y="10" width="140" height="18" rx="9" fill="#f4efe4"/><circle cx="-40" cy="12" r="13" fill="#f4efe4"/><circle cx="-40" cy="28" r="13" fill="#f4efe4"/><circle cx="100" cy="12" r="13" fill="#f4efe4"/><circle cx="100" cy="28" r="13" fill="#f4efe4"/></g>`;
  const lamb = `${piece(26, -10, -15, 120, 80, '#7a3e1d', 30)}${piece(16, -22, -15, 60, 18, '#a65c30')}`;
  return `${bowl(290, ['#f4c95a', '#b8801a'], 'broth')}${fat}${potato(-100, 70, 20)}${potato(110, 100, -30)}${carrot(-110, -80, 40)}${carrot(90, -130, -20)}${bone}${lamb}${herbs(rnd, 60, 205)}`;
}

function tea(): string {
  return `<g transform="translate(390 330)">${teapot()}</g><g transform="translate(680 440)">${piyola('#b9a53e')}${steam(-30)}${steam(25)}</g>`;
}

function compote(rnd: Random): string {
  const glass = 'M-95 -210L95 -210L80 170C78 188 -78 188 -80 170Z';
  // cherries and dried apricots, anywhere in the glass below the surface
  const fruit = Array.from({ length: 18 }, () => {
    const x = f((rnd() * 2 - 1) * 62);
    const y = f(-100 + rnd() * 250);
    return rnd() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="15" fill="#6d0f1c" stroke="#8f1d2c" stroke-width="3"/>`
      : `<ellipse cx="${x}" cy="${y}" rx="20" ry="14" fill="#e98b2a" stroke="#c96d17" stroke-width="2"/>`;
  }).join('');
  const table = [
    [-260, 150],
    [-200, 168],
    [230, 160],
    [290, 140],
  ]
    .map(([x, y], i) =>
      i % 2
        ? `<circle cx="${x}" cy="${y}" r="18" fill="#6d0f1c"/><path d="M${x} ${(y ?? 0) - 18}q6 -24 22 -30" fill="none" stroke="#3f6b24" stroke-width="3"/>`
        : `<ellipse cx="${x}" cy="${y}" rx="26" ry="18" fill="#e98b2a" stroke="#c96d17" stroke-width="2"/>`,
    )
    .join('');
  return `<g transform="translate(480 340)"><ellipse cx="0" cy="185" rx="130" ry="18" fill="url(#shadow)"/>
<linearGradient id="juice" x2="0" y2="1"><stop offset="0" stop-color="#c23a3c"/><stop offset="1" stop-color="#7a1423"/></linearGradient>
<clipPath id="glass"><path d="${glass}"/></clipPath>
<g clip-path="url(#glass)"><rect x="-100" y="-140" width="200" height="340" fill="url(#juice)"/>${fruit}</g>
<path d="${glass}" fill="#fff" fill-opacity="0.12" stroke="#fff" stroke-opacity="0.7" stroke-width="5"/>
<path d="M-70 -190L-58 150" stroke="#fff" stroke-opacity="0.35" stroke-width="12" stroke-linecap="round"/>
<path d="M20 -150c30 -40 70 -40 90 -20c-30 10 -60 30 -90 20z" fill="#4f9a3c"/>${table}</g>`;
}

const TOP_VIEW: Record<Exclude<Dish, 'tea' | 'compote'>, [(rnd: Random) => string, string, string]> = {
  plov: [plov, '#c8553d', '#8e2f22'],
  lagman: [lagman, '#2f6f73', '#1d4a4e'],
  manti: [manti, '#6a8caf', '#3f5f82'],
  norin: [norin, '#8a6d3b', '#5e4624'],
  mastava: [mastava, '#3f7f5a', '#24553a'],
  shurpa: [shurpa, '#9c4f2e', '#6a3018'],
};

/** The SVG of a dish's picture. */
export function dishSvg(dish: Dish): string {
  const { width, height } = DISH_SIZE;
  const rnd = randomFrom(seedOf(dish));
  if (dish === 'tea') return svg(width, height, `${sideView(width, height, ['#e9dcc3', '#d4bf98'])}${tea()}`);
  if (dish === 'compote')
    return svg(width, height, `${sideView(width, height, ['#f1e4d0', '#dcc6a4'])}${compote(rnd)}`);
  const [draw, from, to] = TOP_VIEW[dish];
  return svg(
    width,
    height,
    `${table(width, height, from, to)}<g transform="translate(480 360)">${draw(rnd)}</g>`,
  );
}

/** The tiles of a Samarkand wall: eight-pointed stars of turquoise, white and gold on deep blue. */
const TILES = `<pattern id="tiles" width="120" height="120" patternUnits="userSpaceOnUse">
<rect width="120" height="120" fill="#0d3b66"/>
<g transform="translate(60 60)"><rect x="-34" y="-34" width="68" height="68" fill="#1d8fb0"/><rect x="-34" y="-34" width="68" height="68" fill="#1d8fb0" transform="rotate(45)"/>
<rect x="-20" y="-20" width="40" height="40" fill="#f7f3ea"/><rect x="-20" y="-20" width="40" height="40" fill="#f7f3ea" transform="rotate(45)"/><circle r="10" fill="#e0a21b"/></g>
<g fill="#e0a21b"><circle r="7"/><circle cx="120" r="7"/><circle cy="120" r="7"/><circle cx="120" cy="120" r="7"/></g>
</pattern>`;

/** The cover: the tile wall, a dish of pilaf and the tea beside it. */
export function coverSvg(): string {
  const { width, height } = COVER_SIZE;
  return svg(
    width,
    height,
    `${TILES}<rect width="${width}" height="${height}" fill="url(#tiles)"/>
<linearGradient id="shade" x2="1"><stop offset="0" stop-color="#06223d" stop-opacity="0.15"/><stop offset="1" stop-color="#06223d" stop-opacity="0.55"/></linearGradient>
<rect width="${width}" height="${height}" fill="url(#shade)"/>
<g transform="translate(1040 300) scale(0.95)">${plov(randomFrom(seedOf('plov')))}</g>
<g transform="translate(300 330) scale(0.9)">${teapot()}</g><g transform="translate(560 420) scale(0.8)">${piyola('#b9a53e')}</g>`,
  );
}

/** The logo: a sprig of basil (rayhon) in white on the menu's green. */
export function logoSvg(): string {
  const { width, height } = LOGO_SIZE;
  const leaf = (x: number, y: number, turn: number, size: number) =>
    `<g transform="translate(${x} ${y}) rotate(${turn}) scale(${size})"><path d="M0 0C30 -42 96 -44 130 0C96 44 30 42 0 0Z" fill="#f4faf6"/><path d="M8 0H118" stroke="#0a6847" stroke-width="4" stroke-linecap="round"/></g>`;
  return svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="#0a6847"/>
<circle cx="256" cy="256" r="226" fill="none" stroke="#e0a21b" stroke-width="6" stroke-dasharray="2 18" stroke-linecap="round"/>
<g transform="translate(256 256)"><path d="M0 190C-6 90 -4 -40 0 -170" fill="none" stroke="#f4faf6" stroke-width="12" stroke-linecap="round"/>
${leaf(0, -160, -90, 0.8)}${leaf(-2, -80, -150, 0.95)}${leaf(2, -70, -30, 0.95)}${leaf(-4, 20, -160, 1.05)}${leaf(4, 30, -20, 1.05)}${leaf(-4, 120, 170, 0.9)}${leaf(4, 125, 10, 0.9)}</g>`,
  );
}

/** An SVG rendered to a JPEG, the kind of file an upload brings. */
export const renderJpeg = (svgText: string): Promise<Buffer> =>
  sharp(Buffer.from(svgText)).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
