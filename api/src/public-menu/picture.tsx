import { imageVariants } from '@qrmenu/shared/image-variants';

export interface PictureProps {
  /** The picture's URL as the API answers it (already checked by safeImageUrl). */
  src: string;
  alt: string;
  className?: string;
  /** The box the CSS gives it: set as attributes so the layout never jumps while it loads. */
  width: number;
  height: number;
  /** How wide it is drawn, for the browser's choice among the widths (`sizes`). */
  sizes: string;
  /**
   * The picture most likely to be the largest in the first screen: fetched first
   * (`fetchpriority="high"`) and never lazy. Every other one waits until it nears the screen.
   */
  priority?: boolean;
}

/**
 * A processed picture as `<picture>`: AVIF, then WebP, then the JPEG `<img>`, each with every
 * width of `@qrmenu/shared/image-variants`, so a phone at DPR 2 downloads a 240 px AVIF for an
 * 88 px thumbnail instead of the 4032 px original. Any other URL (an older upload, an external
 * link) is a plain `<img>`, as before.
 */
export function Picture({ src, alt, className, width, height, sizes, priority = false }: PictureProps) {
  const variants = imageVariants(src);
  const common = {
    className,
    width,
    height,
    decoding: 'async' as const,
    ...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const }),
  };
  if (!variants) return <img {...common} alt={alt} src={src} />;
  return (
    <picture>
      <source type="image/avif" srcSet={variants.srcset('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={variants.srcset('webp')} sizes={sizes} />
      <img {...common} alt={alt} src={src} srcSet={variants.srcset('jpg')} sizes={sizes} />
    </picture>
  );
}
