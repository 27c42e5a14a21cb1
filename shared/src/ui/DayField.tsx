import { Field, Input, type InputProps } from '@chakra-ui/react';

/**
 * A day (or a month) typed or picked in the browser's own picker, under its label, as tall as a
 * finger (44 px): the orders' day, a report's month and its own period's two days, the statement
 * rebuilt. `onPick` gets the field's value ("" while half typed).
 */
export function DayField({
  label,
  invalid,
  onPick,
  type = 'date',
  ...input
}: {
  label: string;
  invalid?: boolean;
  onPick: (value: string) => void;
  type?: 'date' | 'month';
} & Omit<InputProps, 'type' | 'onChange'>) {
  return (
    <Field.Root w="auto" invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} minH="11" onChange={(e) => onPick(e.currentTarget.value)} {...input} />
    </Field.Root>
  );
}
