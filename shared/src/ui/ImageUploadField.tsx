import { Box, Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { t } from '../texts';
import { ImageOrDefault } from './common';
import { notify } from './notify';
import { checkPickedFiles, uploadErrorText } from './pickedImages';

export interface UploadProgress {
  done: number;
  total: number;
}

/** Chosen pictures, their previews, and the upload loop with its progress (one call per file). */
export interface ImageUpload {
  readonly multiple: boolean;
  readonly files: readonly File[];
  /** Object URLs of the chosen files (revoked when replaced or unmounted). */
  readonly previews: readonly string[];
  readonly hasFiles: boolean;
  /** Files sent so far while an upload runs, else null. */
  readonly progress: UploadProgress | null;
  /** Why picked files were refused (not a picture by content, over 5 MB), in Uzbek; empty when none. */
  readonly refused: readonly string[];
  /** Keeps the pictures among `files` (checked by content), says why the others were refused. */
  choose: (files: readonly File[]) => Promise<void>;
  clear: () => void;
  /**
   * Sends the chosen files one at a time through `send`, an error toast per failed file (why the
   * server refused it: too many pixels, the quota, the rate limit; else `errorText`, default
   * "Rasm yuklashda xatolik yuz berdi!"); clears the choice; true when all went.
   */
  uploadAll: (send: (file: File) => Promise<unknown>, errorText?: string) => Promise<boolean>;
}

export function useImageUpload({ multiple = false }: { multiple?: boolean } = {}): ImageUpload {
  const [files, setFiles] = useState<readonly File[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refused, setRefused] = useState<readonly string[]>([]);
  const [previews, setPreviews] = useState<readonly string[]>([]);

  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const urls = files.map((file) => URL.createObjectURL(file));
    setPreviews(urls);
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [files]);

  const choose = useCallback(
    async (chosen: readonly File[]) => {
      const { accepted, refused: why } = await checkPickedFiles(multiple ? chosen : chosen.slice(0, 1));
      setRefused(why);
      for (const reason of why) notify.error(reason);
      setFiles(accepted);
    },
    [multiple],
  );
  const clear = useCallback(() => {
    setFiles((current) => (current.length === 0 ? current : []));
    setRefused((current) => (current.length === 0 ? current : []));
  }, []);

  const uploadAll = useCallback(
    async (send: (file: File) => Promise<unknown>, errorText: string = t.uploadError) => {
      let ok = true;
      setProgress({ done: 0, total: files.length });
      for (const [index, file] of files.entries()) {
        try {
          await send(file);
        } catch (error) {
          ok = false;
          const why = uploadErrorText(error, file);
          notify.error(why === t.uploadError ? errorText : why);
        }
        setProgress({ done: index + 1, total: files.length });
      }
      setProgress(null);
      clear();
      return ok;
    },
    [files, clear],
  );

  return useMemo(
    () => ({
      multiple,
      files,
      previews,
      hasFiles: files.length > 0,
      progress,
      refused,
      choose,
      clear,
      uploadAll,
    }),
    [multiple, files, previews, progress, refused, choose, clear, uploadAll],
  );
}

export interface ImageUploadFieldProps {
  upload: ImageUpload;
  /** The field's label (e.g. `t.fields.logotype`). */
  label: string;
  /** The file input's `name` (e.g. `logotype`). */
  name: string;
  /** The stored picture(s), shown until new ones are chosen. */
  current?: string | readonly string[] | null;
  accept?: string;
  disabled?: boolean;
}

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * A picture field: the stored or chosen picture(s), an Uzbek "Rasm yuklash" button over the
 * browser's own (English) picker, the chosen names, and a progress bar while `uploadAll` runs.
 */
export function ImageUploadField({
  upload,
  label,
  name,
  current,
  accept = IMAGE_TYPES,
  disabled,
}: ImageUploadFieldProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const stored = (Array.isArray(current) ? current : current ? [current] : []) as readonly string[];
  const shown = upload.previews.length > 0 ? upload.previews : stored.length > 0 ? stored : [null];
  const { progress } = upload;
  const names = upload.files.map((f) => f.name).join(', ');
  return (
    <Field.Root disabled={disabled} invalid={upload.refused.length > 0}>
      <Field.Label htmlFor={inputId}>{label}</Field.Label>
      <HStack gap="3" align="center" w="100%">
        <HStack gap="1" flexShrink={0} flexWrap="wrap" maxW="50%">
          {shown.map((src, i) => (
            <ImageOrDefault
              // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may be shown twice
              key={`${src}-${i}`}
              src={src}
              alt={label}
              boxSize="14"
              sizes="56px"
              borderRadius="md"
              data-testid={`current-${name}`}
            />
          ))}
        </HStack>
        <input
          ref={input}
          id={inputId}
          type="file"
          name={name}
          accept={accept}
          multiple={upload.multiple}
          hidden
          onChange={(e) => {
            void upload.choose(Array.from(e.currentTarget.files ?? []));
            // the same file can be picked again after a refusal
            e.currentTarget.value = '';
          }}
        />
        <Stack gap="1" minW="0" flex="1">
          <Button
            size="sm"
            variant="outline"
            w="fit-content"
            disabled={disabled || progress !== null}
            onClick={() => input.current?.click()}
          >
            {t.uploadImage}
          </Button>
          <Text fontSize="xs" color="fg.muted" truncate>
            {names || (stored.length > 0 ? '' : t.noImage)}
          </Text>
        </Stack>
      </HStack>
      {upload.refused.length > 0 ? (
        <Field.ErrorText data-testid={`refused-${name}`}>{upload.refused.join(' ')}</Field.ErrorText>
      ) : null}
      {progress ? (
        <HStack gap="2" w="100%">
          <Box
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
            flex="1"
            h="2"
            bg="gray.100"
            borderRadius="full"
            overflow="hidden"
          >
            <Box h="100%" bg="blue.600" w={`${(100 * progress.done) / Math.max(1, progress.total)}%`} />
          </Box>
          <Text fontSize="xs" color="fg.muted">{`${progress.done} / ${progress.total}`}</Text>
        </HStack>
      ) : null}
    </Field.Root>
  );
}
