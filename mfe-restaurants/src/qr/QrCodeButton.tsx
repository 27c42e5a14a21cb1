import type { PublicRestaurant, Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, LazyDialog } from '@qrmenu/shared/ui';
import { lazy, useState } from 'react';

// the dialog and the `qrcode` library load when the code is first asked for
const QrCodeDialog = lazy(() => import('./QrCodeDialog').then((m) => ({ default: m.QrCodeDialog })));

/** "QR kod" beside a restaurant's other actions: opens its code, downloads and print sheet. */
export function QrCodeButton({ restaurant }: { restaurant: Restaurant | PublicRestaurant }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t.qr.title}
      </Button>
      <LazyDialog open={open}>
        <QrCodeDialog restaurant={restaurant} open={open} onClose={() => setOpen(false)} />
      </LazyDialog>
    </>
  );
}
