import { assetUrl } from '@qrmenu/shared/runtime-config';
import type { PublicRestaurant, Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { createPortal } from 'react-dom';
import type { QrImage } from './qrImage';
import './print.css';

/**
 * The code as inline SVG markup: it scales to its box without blurring (a presentation width that
 * the print sheet's class overrides).
 */
export function QrSvg({
  image,
  label,
  className,
  testId,
}: {
  image: QrImage;
  label: string;
  className?: string;
  testId?: string;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${image.size} ${image.size}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      className={className}
      data-testid={testId}
      width="100%"
    >
      <rect width={image.size} height={image.size} fill="#fff" />
      <path fill="#000" d={image.path} />
    </svg>
  );
}

/**
 * What "Chop etish" prints: a direct child of `<body>`, so that the print stylesheet can hide
 * everything else (the app and the dialog) and keep this sheet alone on the A4 page.
 */
export function PrintSheet({
  restaurant,
  image,
  url,
  label,
}: {
  restaurant: Restaurant | PublicRestaurant;
  image: QrImage;
  url: string;
  /** The placement the code carries, printed under the name. */
  label?: string | undefined;
}) {
  const logo = assetUrl(restaurant.logotype);
  return createPortal(
    <div className="qm-print-sheet" data-testid="qr-print-sheet" aria-hidden="true">
      {logo ? <img className="qm-print-logo" src={logo} alt="" /> : null}
      <p className="qm-print-name">{restaurant.name}</p>
      {label ? <p className="qm-print-placement">{label}</p> : null}
      <QrSvg image={image} label={t.qr.imageAlt(restaurant.name)} className="qm-print-code" />
      <p className="qm-print-hint">{t.qr.scanHint}</p>
      <p className="qm-print-url">{url}</p>
    </div>,
    document.body,
  );
}
