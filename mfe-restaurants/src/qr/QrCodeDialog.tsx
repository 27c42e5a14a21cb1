/**
 * "QR kod": the restaurant's code for `<public menu base>/m/<slug>` shown large, with "Menyuni
 * ochish", SVG and PNG downloads and "Chop etish" (an A4 sheet: logo, name, the code, the
 * address). Loaded with the `qrcode` library on the first opening only (QrCodeButton).
 */

import { usePlacements, useTelegramStatus } from '@qrmenu/shared/query';
import { publicMenuUrl } from '@qrmenu/shared/runtime-config';
import {
  CONTENT_LANGS,
  LANGUAGE_NAMES,
  type Placement,
  type PublicRestaurant,
  type Restaurant,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, DialogShell, Flex, Link, notify, PlainList, Stack, Text } from '@qrmenu/shared/ui';
import { useEffect, useMemo, useState } from 'react';
import { PlacementSheets, type SheetsMode } from './PlacementSheets';
import { Placements } from './Placements';
import { PosTables } from './PosTables';
import { PrintSheet, QrSvg } from './PrintSheet';
import { placementUrl, telegramTableUrl } from './placementNames';
import { type QrImage, qrImage, qrPngBlob, qrSvgFile, saveFile } from './qrImage';

type Shown = Restaurant | PublicRestaurant;

/** Restaurants from a POS: their placements map to the POS's tables. */
const POS_TYPES: readonly string[] = ['iiko', 'poster'];

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
      <PlainList aria-labelledby="qr-language-links">
        {CONTENT_LANGS.map((lang) => {
          // a placement's code keeps its `?p=`: the language is one parameter more
          const href = `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;
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
      </PlainList>
    </Box>
  );
}

export function QrCodeDialog({ restaurant, open, onClose }: QrCodeDialogProps) {
  const menuUrl = publicMenuUrl(restaurant.slug);
  // a placement's code carries it (`?p=<id>`); the plain code counts as "QR kod"
  const [placement, setPlacement] = useState<Placement | null>(null);
  const placements = usePlacements(restaurant._id).data ?? [];
  const [printRun, setPrintRun] = useState<SheetsMode | null>(null);
  useEffect(() => {
    if (!printRun) return;
    window.print(); // blocks until the print dialog closes
    setPrintRun(null);
  }, [printRun]);
  // the tables' codes may open the table in the restaurant's Telegram bot instead (its direct
  // Mini App link): offered once the bot is connected and its @name known (docs/TELEGRAM.md)
  const bot = useTelegramStatus(restaurant._id).data?.bot_username ?? null;
  const [inTelegram, setInTelegram] = useState(false);
  const tgBot = inTelegram && bot ? bot : null;
  const url = placement
    ? (tgBot && telegramTableUrl(tgBot, placement._id)) || placementUrl(menuUrl, placement._id)
    : menuUrl;
  const image = useQr(url);
  const alt = placement
    ? `${t.qr.imageAlt(restaurant.name)}: ${placement.name}`
    : t.qr.imageAlt(restaurant.name);
  const fileName = placement
    ? `qr-${restaurant.slug}-${placement.name.replace(/\s+/g, '-')}`
    : `qr-${restaurant.slug}`;

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
            <Placements
              restaurantId={restaurant._id}
              selectedId={placement?._id ?? null}
              onSelect={setPlacement}
            />
            {'type' in restaurant && POS_TYPES.includes(restaurant.type) ? (
              <PosTables restaurantId={restaurant._id} />
            ) : null}
            {placements.length > 0 ? (
              <Box w="100%" role="group" aria-labelledby="qr-codes-open" data-testid="qr-codes-open">
                <Text fontSize="sm" fontWeight="semibold" id="qr-codes-open">
                  {t.placements.codesOpen}
                </Text>
                <Flex gap="2" wrap="wrap" align="center">
                  <Button
                    size="xs"
                    variant={tgBot ? 'outline' : 'solid'}
                    aria-pressed={!tgBot}
                    onClick={() => setInTelegram(false)}
                  >
                    {t.placements.web}
                  </Button>
                  <Button
                    size="xs"
                    variant={tgBot ? 'solid' : 'outline'}
                    aria-pressed={!!tgBot}
                    disabled={!bot}
                    aria-describedby={bot ? undefined : 'qr-no-bot'}
                    onClick={() => setInTelegram(true)}
                  >
                    {t.telegram.qrTelegram}
                  </Button>
                  {bot ? null : (
                    <Text as="span" fontSize="sm" color="fg.muted" id="qr-no-bot">
                      {t.telegram.notConnected}
                    </Text>
                  )}
                </Flex>
              </Box>
            ) : null}
            {placements.length > 0 ? (
              <Flex gap="2" wrap="wrap" justify="center">
                <Button variant="outline" {...ACTION} onClick={() => setPrintRun('pages')}>
                  {t.placements.printAll(placements.length)}
                </Button>
                <Button variant="outline" {...ACTION} onClick={() => setPrintRun('small')}>
                  {t.placements.printSmall}
                </Button>
              </Flex>
            ) : null}
            {url.startsWith(menuUrl) ? <LanguageLinks url={url} /> : null}
          </Stack>
        ) : (
          <Text role="alert" color="red.700">
            {t.qr.error}
          </Text>
        )}
      </DialogShell>
      {open && image && !printRun ? (
        <PrintSheet restaurant={restaurant} image={image} url={url} label={placement?.name} />
      ) : null}
      {open && printRun ? (
        <PlacementSheets
          restaurant={restaurant}
          menuUrl={menuUrl}
          placements={placements}
          mode={printRun}
          bot={tgBot}
        />
      ) : null}
    </>
  );
}
