/**
 * What a guest will see of an option on the dish's sheet (api/src/public-menu/cart/sheet.ts), as
 * the option dialog's rule stands: one row at most is radios, with «Kerak emas» first when the
 * option may be left out; several are checkboxes; the rule in the guest's words beside the name
 * (`ruleInWords`, the sheet's own), a row's own maximum beside it, default rows chosen. The option's
 * rows when it has some, else sample rows. A picture, not a form: its inputs are disabled.
 */
import type { OptionRow } from '@qrmenu/shared/schemas';
import { formatSom, ruleInWords, t } from '@qrmenu/shared/texts';
import { Box, Stack, Text } from '@qrmenu/shared/ui';
import { useId } from 'react';

export type PreviewRow = Pick<OptionRow, 'name' | 'price' | 'max_quantity' | 'is_default'>;

const words = t.guestMenu.cart;

export function RulePreview({
  name,
  min,
  max,
  rows,
}: {
  name: string;
  min: number;
  max: number;
  rows: readonly PreviewRow[];
}) {
  const id = useId();
  const shown: readonly PreviewRow[] =
    rows.length > 0
      ? rows
      : Array.from({ length: Math.max(2, Math.min(max, 4)) }, (_, i) => ({
          name: t.optionRules.sampleRow(i + 1),
          price: 0,
          max_quantity: 1,
          is_default: false,
        }));
  // sample rows stand for as many as the rule asks
  const capacity = rows.length > 0 ? rows.reduce((n, r) => n + r.max_quantity, 0) : Math.max(max, 1);
  const rule = ruleInWords({ min, max, capacity }, words);
  const single = max === 1;
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold" mb="1" id={`${id}-title`}>
        {t.optionRules.preview}
      </Text>
      <Box
        as="fieldset"
        borderWidth="1px"
        borderRadius="md"
        p="3"
        bg="bg.subtle"
        aria-describedby={`${id}-title`}
        data-testid="rule-preview"
      >
        <Text as="legend" fontWeight="semibold" px="1">
          {name.trim() || t.optionRules.title}
          {rule ? <Text as="small" fontWeight="normal">{` · ${rule}`}</Text> : null}
        </Text>
        <Stack gap="1">
          {single && Math.min(min, capacity) === 0 ? (
            <PreviewChoice type="radio" label={words.noChoice} checked={!shown.some((r) => r.is_default)} />
          ) : null}
          {shown.map((r, i) => (
            <PreviewChoice
              // the rows' order is the option's; names may repeat
              // biome-ignore lint/suspicious/noArrayIndexKey: a static picture of the rows
              key={i}
              type={single ? 'radio' : 'checkbox'}
              label={[
                r.name,
                r.price > 0 ? ` +${formatSom(r.price)}` : '',
                r.max_quantity > 1 ? ` · ${words.ruleUpTo.replace('{n}', String(r.max_quantity))}` : '',
              ].join('')}
              checked={r.is_default}
            />
          ))}
        </Stack>
      </Box>
    </Box>
  );
}

function PreviewChoice({
  type,
  label,
  checked,
}: {
  type: 'radio' | 'checkbox';
  label: string;
  checked: boolean;
}) {
  return (
    <Box as="label" display="flex" alignItems="center" gap="2" minH="8">
      <input type={type} disabled checked={checked} readOnly />
      {label}
    </Box>
  );
}
