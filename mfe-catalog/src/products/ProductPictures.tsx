/**
 * A product's pictures in Tahrirlash (not only on creation, docs/SCREENS.md "Pictures"): each stored
 * picture can be moved earlier or later, replaced by a new file or removed; new files are added
 * at the end. Nothing is sent until the dialog saves: then the replacements and the new files are
 * uploaded (with progress), and the whole list is written at once; the server deletes the files
 * nobody refers to any more.
 */
import { isApiError } from '@qrmenu/shared/api';
import type { Product } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Button,
  checkPickedFiles,
  Field,
  HStack,
  ImageOrDefault,
  type ImageUpload,
  ImageUploadField,
  Note,
  notify,
  Stack,
  Text,
  uploadErrorText,
  useImageUpload,
} from '@qrmenu/shared/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

interface Slot {
  /** stable while the slot moves (the same picture may be listed twice) */
  key: number;
  /** the stored picture's URL */
  url: string;
  /** a picked file that replaces it on save */
  replacement: File | null;
  preview: string | null;
}

export interface ProductPictures {
  slots: readonly Slot[];
  added: ImageUpload;
  refused: readonly string[];
  /** Something to save: an order, a removal, a replacement or a new file. */
  pending: boolean;
  move: (index: number, by: -1 | 1) => void;
  remove: (index: number) => void;
  replace: (index: number, files: readonly File[]) => Promise<void>;
  /**
   * Uploads the replacements and the new files through `upload` (each answers the product's whole
   * list: the new picture is its last), then writes the final list through `write` when it
   * differs from the stored one. True when every file went.
   */
  save: (
    upload: (file: File) => Promise<{ file: string }[]>,
    write: (images: { file: string }[]) => Promise<unknown>,
  ) => Promise<boolean>;
}

/**
 * A refused list: a picture no longer this restaurant's (400 on `images.N.file`: another tab
 * removed it meanwhile, and the server released it), or another failure.
 */
const listErrorText = (error: unknown) =>
  isApiError(error) && error.status === 400 && error.details.some((d) => d.path.startsWith('images.'))
    ? t.pictureNotOwn
    : t.productUpdateError;

let nextKey = 0;
const slotsOf = (product: Product | null): Slot[] =>
  (product?.images ?? []).map((i) => ({ key: nextKey++, url: i.file, replacement: null, preview: null }));

export function useProductPictures(product: Product | null, open: boolean): ProductPictures {
  const [slots, setSlots] = useState<Slot[]>(() => slotsOf(product));
  const [refused, setRefused] = useState<readonly string[]>([]);
  const added = useImageUpload({ multiple: true });
  const { clear } = added;
  const stored = useMemo(() => (product?.images ?? []).map((i) => i.file), [product]);

  // a dialog opened (again) starts from the stored pictures; a closed one drops what was picked
  useEffect(() => {
    setSlots(slotsOf(open ? product : null));
    setRefused([]);
    if (!open) clear();
  }, [open, product, clear]);
  // previews of replacements are object URLs: given back when the slots change
  useEffect(
    () => () => {
      for (const s of slots) if (s.preview) URL.revokeObjectURL(s.preview);
    },
    [slots],
  );

  const move = useCallback((index: number, by: -1 | 1) => {
    setSlots((current) => {
      const to = index + by;
      if (to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[index], next[to]] = [next[to]!, next[index]!];
      return next;
    });
  }, []);
  const remove = useCallback((index: number) => {
    setSlots((current) => current.filter((_, i) => i !== index));
  }, []);
  const replace = useCallback(async (index: number, files: readonly File[]) => {
    const { accepted, refused: why } = await checkPickedFiles(files.slice(0, 1));
    setRefused(why);
    for (const reason of why) notify.error(reason);
    const file = accepted[0];
    if (!file) return;
    const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setSlots((current) => current.map((s, i) => (i === index ? { ...s, replacement: file, preview } : s)));
  }, []);

  const reordered = slots.map((s) => s.url).join('\n') !== stored.join('\n');
  const pending = reordered || slots.some((s) => s.replacement) || added.hasFiles;

  const save = useCallback<ProductPictures['save']>(
    async (upload, write) => {
      let ok = true;
      const final: string[] = [];
      for (const slot of slots) {
        if (!slot.replacement) {
          final.push(slot.url);
          continue;
        }
        try {
          final.push((await upload(slot.replacement)).at(-1)!.file);
        } catch (error) {
          ok = false;
          final.push(slot.url); // the old one stays
          notify.error(uploadErrorText(error, slot.replacement));
        }
      }
      const sent: string[] = [];
      if (added.hasFiles) {
        ok = (await added.uploadAll(async (file) => sent.push((await upload(file)).at(-1)!.file))) && ok;
      }
      final.push(...sent);
      // the uploads appended to the stored list: the list written now is what the dialog shows
      if (final.join('\n') !== stored.join('\n') || sent.length > 0 || slots.some((s) => s.replacement)) {
        try {
          await write(final.map((file) => ({ file })));
        } catch (error) {
          notify.error(listErrorText(error));
          return false;
        }
      }
      return ok;
    },
    [slots, added, stored],
  );

  return { slots, added, refused, pending, move, remove, replace, save };
}

function SlotRow({
  slot,
  index,
  count,
  pictures,
}: {
  slot: Slot;
  index: number;
  count: number;
  pictures: ProductPictures;
}) {
  const input = useRef<HTMLInputElement>(null);
  const n = index + 1;
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="product-picture">
      <ImageOrDefault
        src={slot.preview ?? slot.url}
        alt={t.imageNumber(n)}
        boxSize="14"
        sizes="56px"
        borderRadius="md"
      />
      <Stack gap="1" flex="1" minW="0">
        <HStack gap="1" flexWrap="wrap">
          <Button
            size="xs"
            variant="outline"
            aria-label={t.moveImageEarlier(n)}
            disabled={index === 0}
            onClick={() => pictures.move(index, -1)}
          >
            ↑
          </Button>
          <Button
            size="xs"
            variant="outline"
            aria-label={t.moveImageLater(n)}
            disabled={index === count - 1}
            onClick={() => pictures.move(index, 1)}
          >
            ↓
          </Button>
          <Button
            size="xs"
            variant="outline"
            aria-label={t.replaceImageNumber(n)}
            onClick={() => input.current?.click()}
          >
            {t.replaceImage}
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={t.removeImageNumber(n)}
            onClick={() => pictures.remove(index)}
          >
            {t.removeImage}
          </Button>
        </HStack>
        {slot.replacement ? (
          <Text fontSize="xs" color="fg.muted" truncate>
            {`${slot.replacement.name}: ${t.imageWillBeReplaced}`}
          </Text>
        ) : null}
      </Stack>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        hidden
        data-testid={`replace-picture-${n}`}
        onChange={(e) => {
          void pictures.replace(index, Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = '';
        }}
      />
    </HStack>
  );
}

/** The stored pictures with their actions, then the field that adds new ones. */
export function ProductPicturesEditor({ pictures }: { pictures: ProductPictures }) {
  return (
    <Stack gap="3" data-testid="product-pictures">
      <Field.Root invalid={pictures.refused.length > 0}>
        <Field.Label>{t.productImages}</Field.Label>
        {pictures.slots.length === 0 ? (
          <Note>{t.noImagesYet}</Note>
        ) : (
          <Stack gap="2" w="100%">
            {pictures.slots.map((slot, i) => (
              <SlotRow
                key={slot.key}
                slot={slot}
                index={i}
                count={pictures.slots.length}
                pictures={pictures}
              />
            ))}
          </Stack>
        )}
        {pictures.refused.length > 0 ? <Field.ErrorText>{pictures.refused.join(' ')}</Field.ErrorText> : null}
      </Field.Root>
      <ImageUploadField upload={pictures.added} label={t.addImages} name="files" />
    </Stack>
  );
}
