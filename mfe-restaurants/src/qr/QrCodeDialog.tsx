/**
 * "QR kod": the restaurant's code for `<public menu base>/m/<slug>` shown large, with "Menyuni
 * ochish", SVG and PNG downloads and "Chop etish" (an A4 sheet: logo, name, the code, the
 * address). Loaded with the `qrcode` library on the first opening only (QrCodeButton).
 */

import { publicMenuUrl } from '@qrmenu/shared/runtime-config';
import {
  CONTENT_LANGS,
  LANGUAGE_NAMES,
  type PublicRestaurant,
  type Restaurant,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, DialogShell, Flex, Link, notify, Stack, Text } from '@qrmenu/shared/ui';
import { useMemo } from 'react';
import { PrintSheet, QrSvg } from './PrintSheet';
import { type QrImage, qrImage, qrPngBlob, qrSvgFile, saveFile } from './qrImage';

type Shown = Restaurant | PublicRestaurant;

export interface QrCodeDialogProps {
  restaurant: Shown;
  open: boolean;
  onClose: () => void;
}

function useQr(url: string): QrImage | null {
  return useMemo(() => {
    try {
      return qrImage(url);
    } catch (err) {
      console.error('[qr]', err);
      return null;
    }
  }, [url]);
}

const ACTION = { size: 'lg', minH: '11' } as const; // 44 px touch targets

/**
 * The code opens the menu in the guest's own language; a card printed in one language links the
 * menu in that language (`?lang=`), one address per language.
 */
function LanguageLinks({ url }: { url: string }) {
  return (
    <Box w="100%" data-testid="qr-language-links">
      <Text fontSize="sm" fontWeight="semibold" id="qr-language-links">
        {t.qr.languageLinks}
      </Text>
      <Box as="ul" aria-labelledby="qr-language-links" listStyleType="none" p="0" m="0">
        {CONTENT_LANGS.map((lang) => {
          const href = `${url}?lang=${lang}`;
          return (
            <Box as="li" key={lang} display="flex" gap="2" flexWrap="wrap" alignItems="center" minH="11">
              <Text as="span" lang={lang} fontWeight="medium" minW="24">
                {LANGUAGE_NAMES[lang]}
              </Text>
              <Link
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                fontSize="sm"
                overflowWrap="anywhere"
              >
                {href}
              </Link>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

export function QrCodeDialog({ restaurant, open, onClose }: QrCodeDialogProps) {
  const url = publicMenuUrl(restaurant.slug);
  const image = useQr(url);
  const alt = t.qr.imageAlt(restaurant.name);
  const fileName = `qr-${restaurant.slug}`;

  const downloadPng = async () => {
    if (!image) return;
    try {
      saveFile(await qrPngBlob(image), `${fileName}.png`);
    } catch (err) {
      console.error('[qr] png', err);
      notify.error(t.qr.error);
    }
  };

  return (
    <>
      <DialogShell open={open} onClose={onClose} title={t.qr.title} testId="qr-dialog">
        {image ? (
          <Stack gap="4" align="center">
            <Box w="100%" maxW="80" lineHeight="0" bg="white" borderWidth="1px" borderRadius="md">
              <QrSvg image={image} label={alt} testId="qr-code" />
            </Box>
            <Text fontSize="sm" textAlign="center" overflowWrap="anywhere" data-testid="qr-url">
              {url}
            </Text>
            {restaurant.is_active ? null : (
              <Text fontSize="sm" color="orange.800" bg="orange.50" p="2" borderRadius="md">
                {t.qr.inactiveNote}
              </Text>
            )}
            <Flex gap="2" wrap="wrap" justify="center">
              <Button asChild colorPalette="blue" {...ACTION}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {t.qr.openMenu}
                </a>
              </Button>
              <Button
                variant="outline"
                {...ACTION}
                onClick={() =>
                  saveFile(new Blob([qrSvgFile(image)], { type: 'image/svg+xml' }), `${fileName}.svg`)
                }
              >
                {t.qr.downloadSvg}
              </Button>
              <Button variant="outline" {...ACTION} onClick={downloadPng}>
                {t.qr.downloadPng}
              </Button>
              <Button variant="outline" {...ACTION} onClick={() => window.print()}>
                {t.qr.print}
              </Button>
            </Flex>
            <LanguageLinks url={url} />
          </Stack>
        ) : (
          <Text role="alert" color="red.700">
            {t.qr.error}
          </Text>
        )}
      </DialogShell>
      {open && image ? <PrintSheet restaurant={restaurant} image={image} url={url} /> : null}
    </>
  );
}
