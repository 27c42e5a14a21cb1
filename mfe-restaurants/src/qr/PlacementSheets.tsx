/**
 * One print run for every placement: an A4 sheet per placement (`mode="pages"`), or six small
 * labelled codes per sheet (`mode="small"`, for tables). Each code carries its placement
 * (`?p=<id>`), or, with `bot`, opens the table in the restaurant's Telegram bot
 * (`https://t.me/<bot>?startapp=<id>`); the sheet names it. Direct children of `<body>` like PrintSheet.
 */
import type { Placement, PublicRestaurant, Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { createPortal } from 'react-dom';
import { QrSvg } from './PrintSheet';
import { placementUrl, telegramTableUrl } from './placementNames';
import { qrImage } from './qrImage';
import './placements.css';

export type SheetsMode = 'pages' | 'small';

const SMALL_PER_SHEET = 6;

export function PlacementSheets({
  restaurant,
  menuUrl,
  placements,
  mode,
  bot = null,
}: {
  restaurant: Restaurant | PublicRestaurant;
  menuUrl: string;
  placements: Placement[];
  mode: SheetsMode;
  /** The restaurant's Telegram bot's username: the codes open the table there. */
  bot?: string | null;
}) {
  const codes = placements.map((p) => {
    const url = (bot && telegramTableUrl(bot, p._id)) || placementUrl(menuUrl, p._id);
    return { id: p._id, name: p.name, url, image: qrImage(url) };
  });
  const label = (name: string) => `${t.qr.imageAlt(restaurant.name)}: ${name}`;
  if (mode === 'pages') {
    return createPortal(
      codes.map((c) => (
        <div
          key={c.id}
          className="qm-print-sheet qm-print-page"
          data-testid="qr-placement-sheet"
          data-url={c.url}
          aria-hidden="true"
        >
          <p className="qm-print-name">{restaurant.name}</p>
          <p className="qm-print-placement">{c.name}</p>
          <QrSvg image={c.image} label={label(c.name)} className="qm-print-code" />
          <p className="qm-print-hint">{t.qr.scanHint}</p>
          <p className="qm-print-url">{c.url}</p>
        </div>
      )),
      document.body,
    );
  }
  const sheets: (typeof codes)[] = [];
  for (let i = 0; i < codes.length; i += SMALL_PER_SHEET) sheets.push(codes.slice(i, i + SMALL_PER_SHEET));
  return createPortal(
    sheets.map((sheet) => (
      <div key={sheet[0]!.id} className="qm-print-sheet qm-print-page qm-print-small" aria-hidden="true">
        {sheet.map((c) => (
          <div key={c.id} className="qm-print-card" data-testid="qr-placement-card" data-url={c.url}>
            <p className="qm-print-card-name">{restaurant.name}</p>
            <QrSvg image={c.image} label={label(c.name)} className="qm-print-card-code" />
            <p className="qm-print-placement">{c.name}</p>
          </div>
        ))}
      </div>
    )),
    document.body,
  );
}
