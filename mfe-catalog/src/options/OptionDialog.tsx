/**
 * Create and edit a product option: its name (no client checks on it, docs/SCREENS.md, "Options":
 * what was typed is sent and a refusal of the server, 400 for a blank name, shows 'Saqlashda
 * xatolik yuz berdi.'), and its rule (docs/PRODUCT.md, "Options and their rules"): the presets a
 * manager needs in one tap, or how many rows a guest must and may choose, with a preview of what
 * the guest will see. A rule the rows cannot keep is the server's to refuse: its reason shows
 * under the field, in Uzbek.
 */

import { type EntityFormReturn, NumberField, translationFormValues } from '@qrmenu/shared/forms';
import { useCreateOption, useUpdateOption } from '@qrmenu/shared/query';
import { optionRows } from '@qrmenu/shared/resources';
import {
  filledTranslations,
  type ProductOption,
  productOption,
  TRANSLATED_FIELDS,
  translationSchemas,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, type FormDialogState, HStack, Note, Stack, Text } from '@qrmenu/shared/ui';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CatalogDialog } from '../common/CatalogDialog';
import { type PreviewRow, RulePreview } from './RulePreview';

const errors = t.optionRules.errors;
/** A count of the rule: a whole number from `min` up (the server holds the upper limits). */
const count = (min: number, below: string | undefined) => productOption.shape.min_choices.min(min, below);

// the entity's own name (a plain string): no rule of the request body is checked on it; the
// translations are new fields with the write rules (trimmed, the name's maximum length); the rule
// is checked as the server checks it, its words under the field
const optionForm = productOption
  .pick({ name: true })
  .extend({
    translations: translationSchemas.option.write,
    min_choices: count(0, errors.negative),
    max_choices: count(1, errors.max_zero),
  })
  .refine((v) => v.min_choices <= v.max_choices, { message: errors.min_above_max, path: ['min_choices'] });
type OptionFormValues = z.input<typeof optionForm>;

/** An option without a rule of its own (one row or none): its create sends none. */
const isPlain = (v: { min_choices: number; max_choices: number }) =>
  v.min_choices === 0 && v.max_choices === 1;

export default function OptionDialog({
  dialog,
  productId,
}: {
  dialog: FormDialogState<ProductOption>;
  productId: string;
}) {
  const create = useCreateOption();
  const update = useUpdateOption();
  // the option's rows (an edit): the preview shows them, and «bir nechta» takes as many as they give
  const rows = optionRows.useList(dialog.record?._id).data ?? [];
  const capacity = rows.reduce((n, r) => n + r.max_quantity, 0);
  const presets = [
    { label: t.optionRules.exactlyOne, min: 1, max: 1 },
    { label: t.optionRules.upToOne, min: 0, max: 1 },
    { label: t.optionRules.several, min: 0, max: capacity > 1 ? capacity : 3 },
  ];
  return (
    <CatalogDialog
      dialog={dialog}
      kind="option"
      inputs={{ name: { example: 'Hajmi' } }}
      schema={optionForm}
      values={(o) => ({
        name: o?.name ?? '',
        translations: translationFormValues(TRANSLATED_FIELDS.option, o?.translations),
        min_choices: o?.min_choices ?? 0,
        max_choices: o?.max_choices ?? 1,
      })}
      onCreate={(v) =>
        create.mutateAsync({
          product_id: productId,
          name: v.name,
          translations: filledTranslations(v.translations),
          ...(isPlain(v) ? {} : { min_choices: v.min_choices, max_choices: v.max_choices }),
        })
      }
      onUpdate={(changed, o) =>
        update.mutateAsync({
          id: o._id,
          body: {
            name: changed.name ?? o.name,
            ...(changed.translations ? { translations: changed.translations } : {}),
            ...(changed.min_choices !== undefined ? { min_choices: changed.min_choices } : {}),
            ...(changed.max_choices !== undefined ? { max_choices: changed.max_choices } : {}),
          },
        })
      }
      texts={{ createError: t.optionSaveError, updateError: t.optionSaveError }}
    >
      {(form) => <OptionRules form={form} presets={presets} rows={rows} />}
    </CatalogDialog>
  );
}

/**
 * The rule's presets, its two counts and the preview. It watches the name and the counts itself
 * (react-hook-form's `useWatch`), so what is typed re-renders this part, not the whole dialog.
 */
function OptionRules({
  form,
  presets,
  rows,
}: {
  form: EntityFormReturn<typeof optionForm>;
  presets: { label: string; min: number; max: number }[];
  rows: readonly PreviewRow[];
}) {
  const [name, min, max] = useWatch({
    control: form.control,
    name: ['name', 'min_choices', 'max_choices'],
  }) as [string, unknown, unknown];
  const set = (field: 'min_choices' | 'max_choices', value: number) =>
    form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3">
      <Text as="legend" fontWeight="semibold" px="1">
        {t.optionRules.title}
      </Text>
      <Stack gap="3">
        <Note>{t.optionRules.hint}</Note>
        <HStack gap="2" flexWrap="wrap">
          {presets.map((p) => (
            <Button
              key={p.label}
              type="button"
              size="sm"
              minH="11"
              variant={min === p.min && max === p.max ? 'solid' : 'outline'}
              aria-pressed={min === p.min && max === p.max}
              onClick={() => {
                set('min_choices', p.min);
                set('max_choices', p.max);
              }}
            >
              {p.label}
            </Button>
          ))}
        </HStack>
        <HStack gap="3" align="start" flexWrap="wrap">
          <NumberField<OptionFormValues> form={form} name="min_choices" step={1} />
          <NumberField<OptionFormValues> form={form} name="max_choices" step={1} min={1} />
        </HStack>
        <RulePreview
          name={name}
          min={typeof min === 'number' ? min : 0}
          max={typeof max === 'number' ? max : 1}
          rows={rows}
        />
      </Stack>
    </Box>
  );
}
