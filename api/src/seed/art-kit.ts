/**
 * The drawing kit of the demo's pictures (art.ts): a seeded random, pieces scattered over a
 * disc, Uzbek porcelain (a plate and a bowl with the blue rim of Rishton ware, a teapot and a
 * piyola with the "paxta" band), the table and the wall behind, and the SVG document around them.
 */
/** mulberry32: a small seeded random, so a picture is the same every time it is drawn. */
export function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
export const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
export const f = (n: number) => n.toFixed(1);

/** `n` points spread evenly over a disc of radius `r` (with a little jitter). */
export function inDisc(rnd: Random, n: number, r: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const d = r * Math.sqrt((i + rnd()) / n);
    const a = i * 2.39996 + rnd() * 0.5; // the golden angle: no clumps, no rings
    out.push([d * Math.cos(a), d * Math.sin(a)]);
  }
  return out;
}

/** One point anywhere in a disc of radius `r`. */
export function somewhere(rnd: Random, r: number): [number, number] {
  const d = r * Math.sqrt(rnd());
  const a = rnd() * Math.PI * 2;
  return [d * Math.cos(a), d * Math.sin(a)];
}

/** Small pieces (grains, herbs, cubes) scattered over a disc, each drawn by `draw` at its place. */
export function scatter(
  rnd: Random,
  n: number,
  r: number,
  draw: (x: number, y: number, turn: number) => string,
) {
  return inDisc(rnd, n, r)
    .map(([x, y]) => draw(x, y, rnd() * 180))
    .join('');
}

export const piece = (
  x: number,
  y: number,
  turn: number,
  w: number,
  h: number,
  fill: string,
  radius = h / 2,
) =>
  `<rect x="${f(x - w / 2)}" y="${f(y - h / 2)}" width="${f(w)}" height="${f(h)}" rx="${f(radius)}" fill="${fill}" transform="rotate(${f(turn)} ${f(x)} ${f(y)})"/>`;

const defs = `<defs>
<radialGradient id="shadow"><stop offset="0.75" stop-color="#000" stop-opacity="0.4"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<radialGradient id="porcelain"><stop offset="0.7" stop-color="#ffffff"/><stop offset="1" stop-color="#e6e3dc"/></radialGradient>
<radialGradient id="vignette" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>
<pattern id="linen" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M0 12L12 0" stroke="#fff" stroke-opacity="0.08" stroke-width="2"/></pattern>
</defs>`;

/** The table: a cloth of two tones with a faint weave, darker at the corners. */
export function table(width: number, height: number, from: string, to: string): string {
  return `<linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<rect width="${width}" height="${height}" fill="url(#cloth)"/><rect width="${width}" height="${height}" fill="url(#linen)"/>
<rect width="${width}" height="${height}" fill="url(#vignette)"/>`;
}

/** An Uzbek dish seen from above: white porcelain with the blue rim of Rishton ware. */
export function plate(r: number, rim = true): string {
  const dots = rim
    ? `<circle r="${r - 18}" fill="none" stroke="#1f4e9c" stroke-width="22"/>
<circle r="${r - 18}" fill="none" stroke="#f7f3ea" stroke-width="7" stroke-dasharray="0 24" stroke-linecap="round"/>
<circle r="${r - 36}" fill="none" stroke="#1f4e9c" stroke-width="3"/>`
    : `<circle r="${r - 14}" fill="none" stroke="#2e63b5" stroke-width="4"/>`;
  return `<ellipse cy="22" rx="${r}" ry="${r * 0.96}" fill="url(#shadow)"/>
<circle r="${r}" fill="url(#porcelain)"/>${dots}<circle r="${r * 0.72}" fill="#000" opacity="0.03"/>`;
}

/** A deep bowl (kosa) from above, filled with `soup` (a radial gradient's two colours). */
export function bowl(r: number, soup: [string, string], id: string): string {
  return `${plate(r)}<radialGradient id="${id}" cx="0.45" cy="0.4" r="0.65"><stop offset="0" stop-color="${soup[0]}"/><stop offset="1" stop-color="${soup[1]}"/></radialGradient>
<circle r="${r * 0.8}" fill="#d9d4c8"/><circle r="${r * 0.77}" fill="url(#${id})"/>`;
}

const HERBS = ['#2f7d32', '#3f8f3a', '#4fa046', '#2a6b2c'];
export const herbs = (rnd: Random, n: number, r: number) =>
  scatter(rnd, n, r, (x, y, t) => piece(x, y, t, 12 + rnd() * 8, 5, pick(rnd, HERBS)));

/** Rounded chunks of meat with a browned edge. */
export const meat = (rnd: Random, n: number, r: number, size = 46) =>
  scatter(rnd, n, r, (x, y, t) => {
    const w = size * (0.8 + rnd() * 0.5);
    return `${piece(x + 3, y + 4, t, w, w * 0.7, '#3d1c0c', w * 0.25)}${piece(x, y, t, w, w * 0.7, pick(rnd, ['#7a3e1d', '#8d4a22', '#6b341a']), w * 0.25)}${piece(x - w * 0.12, y - w * 0.1, t, w * 0.45, w * 0.2, '#b5703f')}`;
  });

/** A wall behind and a wooden table in front: where drinks are seen from the side. */
export function sideView(width: number, height: number, wall: [string, string]): string {
  const grain = Array.from({ length: 6 }, (_, i) => {
    const y = height * 0.62 + i * 46;
    return `<path d="M0 ${y}Q${width / 3} ${y - 8} ${(width * 2) / 3} ${y + 4}T${width} ${y}" fill="none" stroke="#5a341c" stroke-opacity="0.25" stroke-width="3"/>`;
  }).join('');
  return `<linearGradient id="wall" x2="0" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient>
<linearGradient id="wood" x2="0" y2="1"><stop offset="0" stop-color="#a0643a"/><stop offset="1" stop-color="#6f4022"/></linearGradient>
<rect width="${width}" height="${height}" fill="url(#wall)"/><rect y="${height * 0.6}" width="${width}" height="${height * 0.4}" fill="url(#wood)"/>${grain}
<rect width="${width}" height="${height}" fill="url(#vignette)"/>`;
}

/** The blue and white "paxta" (cotton boll) pattern of Uzbek teaware: a band of small flowers. */
export const cottonBand = (x0: number, x1: number, y: number) => {
  let out = '';
  for (let x = x0; x <= x1; x += 36)
    out += `<circle cx="${x}" cy="${y}" r="11" fill="#1f4e9c"/><circle cx="${x}" cy="${y}" r="4" fill="#f7f3ea"/>`;
  return out;
};

export function teapot(): string {
  return `<ellipse cx="0" cy="150" rx="150" ry="20" fill="url(#shadow)"/>
<path d="M-126 -10C-176 -16 -204 -70 -236 -112L-212 -122C-192 -88 -164 -52 -112 52Z" fill="#efebe2"/>
<path d="M120 -30C210 -40 210 90 110 80" fill="none" stroke="#f4f1ea" stroke-width="22"/>
<path d="M-140 -40C-150 60 -90 150 0 150C90 150 150 60 140 -40C120 -90 -120 -90 -140 -40Z" fill="url(#porcelain)"/>
<clipPath id="pot"><path d="M-140 -40C-150 60 -90 150 0 150C90 150 150 60 140 -40C120 -90 -120 -90 -140 -40Z"/></clipPath>
<g clip-path="url(#pot)"><rect x="-160" y="-8" width="320" height="34" fill="#e9eef8"/>${cottonBand(-126, 130, 9)}</g>
<ellipse cx="0" cy="-70" rx="78" ry="20" fill="#e9e5dc"/><path d="M-60 -72C-50 -110 50 -110 60 -72Z" fill="#f4f1ea"/><circle cx="0" cy="-112" r="13" fill="#1f4e9c"/>`;
}

/** A piyola (a handleless tea bowl) from the side, filled with `drink`. */
export function piyola(drink: string): string {
  return `<ellipse cx="0" cy="92" rx="110" ry="14" fill="url(#shadow)"/>
<path d="M-120 -40C-112 40 -60 86 0 86C60 86 112 40 120 -40Z" fill="url(#porcelain)"/>
<clipPath id="cup"><path d="M-120 -40C-112 40 -60 86 0 86C60 86 112 40 120 -40Z"/></clipPath>
<g clip-path="url(#cup)"><rect x="-130" y="-8" width="260" height="30" fill="#e9eef8"/>${cottonBand(-110, 112, 7)}</g>
<ellipse cx="0" cy="-40" rx="120" ry="22" fill="#ece8e0"/><ellipse cx="0" cy="-38" rx="108" ry="17" fill="${drink}"/>`;
}

export const steam = (x: number) =>
  `<path d="M${x} -70C${x - 24} -110 ${x + 24} -130 ${x} -170" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="7" stroke-linecap="round"/>`;

export const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}${body}</svg>`;

export const seedOf = (name: string) =>
  [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
