import { Field, type FieldRootProps, NativeSelect, type NativeSelectFieldProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Choice {
  value: string;
  label: ReactNode;
}

/**
 * The browser's own select (it works well on phones) with its choices, `first` the option before
 * them ("—", «Hammasi», «Tanlang»); `field` is the select element's (its value and change, or the
 * form kit's registration).
 */
export function ChoiceSelect({
  choices,
  first,
  disabled,
  size,
  field,
}: {
  choices: readonly Choice[];
  first?: Choice | null | undefined;
  disabled?: boolean | undefined;
  size?: 'sm' | 'md' | undefined;
  field: NativeSelectFieldProps;
}) {
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field {...field}>
        {first ? <option value={first.value}>{first.label}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * One choice of a few under its label, outside a form kept by the form kit (which has its
 * SelectField): a report's period, a POS's provider and place, a table's POS table, a waiter for
 * the picked tables.
 */
export function ChoiceField({
  label,
  name,
  value,
  onPick,
  choices,
  first,
  disabled,
  size,
  select,
  plainLabel = false,
  ...root
}: {
  label: string;
  name?: string;
  value: string;
  onPick: (value: string) => void;
  choices: readonly Choice[];
  first?: Choice | null;
  disabled?: boolean;
  size?: 'sm' | 'md';
  /** The select's own style (a finger's height). */
  select?: Omit<NativeSelectFieldProps, 'name' | 'value' | 'onChange'>;
  /** A label in the text's weight (one of a list of such fields). */
  plainLabel?: boolean;
} & Omit<FieldRootProps, 'children' | 'onChange'>) {
  return (
    <Field.Root {...root}>
      <Field.Label fontWeight={plainLabel ? 'normal' : undefined}>{label}</Field.Label>
      <ChoiceSelect
        choices={choices}
        first={first}
        disabled={disabled}
        size={size}
        field={{ ...select, name, value, onChange: (e) => onPick(e.currentTarget.value) }}
      />
    </Field.Root>
  );
}
