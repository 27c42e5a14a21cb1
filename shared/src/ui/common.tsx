import {
  Badge,
  Box,
  type BoxProps,
  Button,
  Center,
  Heading,
  HStack,
  Image,
  type ImageProps,
  Skeleton,
  Stack,
  Text,
  type TextProps,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { imageVariants } from '../image-variants';
import { assetUrl } from '../runtime-config';
import { t } from '../texts';

/** "Orqaga": goes one step back in the history. */
export function BackButton({ label = t.back, onClick }: { label?: string; onClick?: () => void }) {
  const navigate = useNavigate();
  return (
    <Button variant="outline" size="sm" onClick={onClick ?? (() => navigate(-1))}>
      ← {label}
    </Button>
  );
}

/** A small neutral plate with a fork-and-knife mark, shown when there is no image. */
export const DEFAULT_IMAGE_SRC = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90"><rect width="120" height="90" fill="#edf2f7"/>' +
    '<circle cx="60" cy="45" r="24" fill="none" stroke="#a0aec0" stroke-width="4"/>' +
    '<path d="M30 25v18m-4-18v10a4 4 0 0 0 8 0V25M30 43v22M90 25c-6 4-6 18 0 22v18" fill="none" stroke="#a0aec0" stroke-width="3" stroke-linecap="round"/>' +
    '</svg>',
)}`;

/**
 * The WebP `srcset` of a processed picture's URL (every width of @qrmenu/shared/image-variants),
 * for an `<img>` with `sizes`; undefined for any other URL (shown as it is).
 */
export function pictureSrcSet(src: string | null | undefined): string | undefined {
  return src ? (imageVariants(src)?.srcset('webp') ?? undefined) : undefined;
}

export type ImageOrDefaultProps = Omit<ImageProps, 'src'> & {
  src?: string | null;
  fallbackSrc?: string;
  /**
   * How wide it is drawn (`sizes`, e.g. `56px`): a processed picture is then loaded in the
   * smallest WebP variant that covers it at the screen's DPR, not the 960 px JPEG.
   */
  sizes?: string;
};

/**
 * An image that falls back to the default picture when `src` is empty or fails to load.
 * Upload paths (`/uploads/...`) are resolved against the API host (`assetUrl`).
 */
export function ImageOrDefault({
  src: rawSrc,
  alt = '',
  fallbackSrc = DEFAULT_IMAGE_SRC,
  sizes,
  ...rest
}: ImageOrDefaultProps) {
  const src = assetUrl(rawSrc);
  const variants = src && sizes ? imageVariants(src) : null;
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const useDefault = !src || brokenSrc === src;
  return (
    <Image
      src={useDefault ? fallbackSrc : src}
      {...(variants && !useDefault ? { srcSet: variants.srcset('webp'), sizes } : {})}
      alt={alt}
      data-default={useDefault ? 'true' : undefined}
      onError={() => setBrokenSrc(src ?? null)}
      // a photo fills its box; the default picture is shown whole, however wide the box
      objectFit={useDefault ? 'contain' : 'cover'}
      bg={useDefault ? '#edf2f7' : undefined}
      {...rest}
    />
  );
}

/** "Faol" (green) or "Nofaol" (red). */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'red'} variant="subtle">
      {active ? t.active : t.inactive}
    </Badge>
  );
}

/**
 * A small muted line beside what it is about: a hint, a figure's «none yet», a count or a time
 * under a card's title (the theme's muted grey, 4.5:1 on white).
 */
export function Note(props: TextProps) {
  return <Text fontSize="sm" color="fg.muted" {...props} />;
}

/** A list without bullets or indent: its items are rows or cards of their own (`as="li"`). */
export function PlainList(props: BoxProps) {
  return <Box as="ul" listStyleType="none" m="0" p="0" {...props} />;
}

/** A centered message for an empty list. */
export function EmptyState({
  message = t.emptyList,
  children,
}: {
  message?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Center py="10" px="4" textAlign="center" flexDirection="column" gap="3" data-testid="empty-state">
      <Text color="fg.muted">{message}</Text>
      {children}
    </Center>
  );
}

/**
 * Placeholder rows while data loads: a status named "Yuklanmoqda..." (a name on an element
 * without a role is one ARIA prohibits, and screen readers skip it).
 */
export function LoadingSkeleton({ rows = 5, height = '10' }: { rows?: number; height?: string }) {
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={t.loading} data-testid="loading-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} height={height} />
      ))}
    </Stack>
  );
}

/** Shown in place of a remote module that failed to load (with a retry) or is not deployed: the page's h1. */
export function RemoteFallback({
  message = t.remoteLoadError,
  onRetry,
}: {
  message?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <Center py="16" px="4" data-testid="remote-fallback">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="md" fontWeight="medium">
          {message}
        </Heading>
        {onRetry ? (
          <HStack>
            <Button onClick={onRetry} colorPalette="blue">
              {t.retry}
            </Button>
          </HStack>
        ) : null}
      </Stack>
    </Center>
  );
}
