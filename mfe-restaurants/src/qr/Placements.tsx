/**
 * The QR dialog's placements: name where codes go (one, several with commas, or a range
 * "Stol 1-20"), pick one to show its code, rename or delete it. Each placement's code opens
 * the menu with `?p=<id>`, so its visits are counted apart; the plain code counts as "QR kod".
 */
import { isApiError } from '@qrmenu/shared/api';
import {
  useCreatePlacements,
  useDeletePlacement,
  usePlacements,
  useRenamePlacement,
} from '@qrmenu/shared/query';
import { PLACEMENT_LIMITS, type Placement } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  ConfirmDialog,
  Field,
  Flex,
  Input,
  notify,
  Section,
  Stack,
  Text,
} from '@qrmenu/shared/ui';
import { type FormEvent, useId, useState } from 'react';
import { expandPlacementNames } from './placementNames';

const TEXT = t.placements;

function saveErrorText(err: unknown): string {
  return isApiError(err) && err.status === 409 ? TEXT.nameTaken : TEXT.saveError;
}

function Row({
  placement,
  selected,
  onSelect,
  onDelete,
}: {
  placement: Placement;
  selected: boolean;
  onSelect: () => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(placement.name);
  const rename = useRenamePlacement();
  const save = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(
      { id: placement._id, name },
      {
        onSuccess: () => {
          setEditing(false);
          notify.success(TEXT.renamed);
        },
        onError: (err) => notify.error(saveErrorText(err)),
      },
    );
  };
  if (editing) {
    return (
      <Box as="li" py="1" borderBottomWidth="1px">
        <Flex as="form" gap="2" align="center" onSubmit={save}>
          <Input
            size="sm"
            aria-label={TEXT.nameLabel}
            value={name}
            maxLength={PLACEMENT_LIMITS.name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" size="sm" colorPalette="blue" loading={rename.isPending}>
            {TEXT.save}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            {TEXT.cancel}
          </Button>
        </Flex>
      </Box>
    );
  }
  return (
    <Flex as="li" gap="1" align="center" py="1" borderBottomWidth="1px" data-testid="placement-row">
      <Text flex="1" fontWeight={selected ? 'bold' : 'normal'}>
        {placement.name}
      </Text>
      <Button size="xs" variant={selected ? 'solid' : 'outline'} aria-pressed={selected} onClick={onSelect}>
        {TEXT.show}
      </Button>
      <Button
        size="xs"
        variant="ghost"
        onClick={() => setEditing(true)}
        aria-label={`${TEXT.rename}: ${placement.name}`}
      >
        {TEXT.rename}
      </Button>
      <Button
        size="xs"
        variant="ghost"
        colorPalette="red"
        onClick={onDelete}
        aria-label={`${TEXT.delete}: ${placement.name}`}
      >
        {TEXT.delete}
      </Button>
    </Flex>
  );
}

export function Placements({
  restaurantId,
  selectedId,
  onSelect,
}: {
  restaurantId: string;
  selectedId: string | null;
  onSelect: (placement: Placement | null) => void;
}) {
  const list = usePlacements(restaurantId);
  const create = useCreatePlacements();
  const remove = useDeletePlacement();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Placement | null>(null);
  const inputId = useId();
  const placements = list.data ?? [];

  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = expandPlacementNames(text);
    if (!parsed.ok) {
      setError(parsed.error === 'tooMany' ? TEXT.tooMany(PLACEMENT_LIMITS.perRequest) : TEXT.badRange);
      return;
    }
    setError(null);
    create.mutate(
      { restaurant_id: restaurantId, names: parsed.names },
      {
        onSuccess: (made) => {
          setText('');
          notify.success(TEXT.added(made.length));
        },
        onError: (err) => setError(saveErrorText(err)),
      },
    );
  };

  return (
    <Section level={3} title={TEXT.title} hint={TEXT.hint} w="100%" data-testid="qr-placements">
      <form onSubmit={add}>
        <Field.Root invalid={!!error}>
          <Field.Label htmlFor={inputId}>{TEXT.nameLabel}</Field.Label>
          <Flex gap="2" w="100%">
            <Input
              id={inputId}
              value={text}
              placeholder={TEXT.namePlaceholder}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
            />
            <Button type="submit" colorPalette="blue" loading={create.isPending}>
              {TEXT.add}
            </Button>
          </Flex>
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
      </form>
      {list.isError ? (
        <Text role="alert" color="red.700" mt="2">
          {TEXT.loadError}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="0" mt="2" maxH="60" overflowY="auto">
          <Flex as="li" gap="1" align="center" py="1" borderBottomWidth="1px">
            <Text flex="1" fontWeight={selectedId === null ? 'bold' : 'normal'}>
              {TEXT.generalCode}
            </Text>
            <Button
              size="xs"
              variant={selectedId === null ? 'solid' : 'outline'}
              aria-pressed={selectedId === null}
              onClick={() => onSelect(null)}
            >
              {TEXT.show}
            </Button>
          </Flex>
          {placements.map((p) => (
            <Row
              key={p._id}
              placement={p}
              selected={p._id === selectedId}
              onSelect={() => onSelect(p)}
              onDelete={() => setDeleting(p)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? TEXT.deleteQuestion(deleting.name) : ''}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { id: deleting._id },
            {
              onSuccess: () => {
                if (deleting._id === selectedId) onSelect(null);
                setDeleting(null);
                notify.success(TEXT.deleted);
              },
              onError: () => notify.error(TEXT.saveError),
            },
          );
        }}
      />
    </Section>
  );
}
