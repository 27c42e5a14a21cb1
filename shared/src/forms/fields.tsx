import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import {
  type FieldError,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../api/errors';
import { fieldLabel, type IssueLike, t, uzbekIssue } from '../texts';
import { Box, ChoiceSelect, Field, Input, Switch, Textarea } from '../ui';

/**
 * A react-hook-form resolver from a shared zod schema whose messages are Uzbek
 * ('Majburiy maydon', slug format, invalid number, ...).
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema as never, {
    error: (issue: IssueLike) => uzbekIssue(issue),
  }) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
}

/**
 * Uzbek text of a server validation message (`details[].message` of a 400 answer: zod's English
 * text, e.g. "Too small: expected number to be >=0"). The true reason, read from the message: a
 * negative price is not "Majburiy maydon", a too long text says its limit.
 */
export function serverDetailText(message: string): string {
  if (/wrong password/i.test(message)) return t.wrongCurrentPassword;
  // the bot's set-up: Telegram's refusal, by its code (docs/TELEGRAM.md)
  const telegram = /^telegram: (\w+)/.exec(message);
  if (telegram) return t.telegram.errors[telegram[1] ?? ''] ?? t.invalidValue;
  if (/stored for this restaurant/i.test(message)) return t.pictureNotOwn;
  // an option's rule that cannot be met, by its code (docs/PRODUCT.md, "Options and their rules")
  const rule = /^option_rule: (\w+)/.exec(message);
  if (rule) return t.optionRules.errors[rule[1] ?? ''] ?? t.invalidValue;
  const tooLong = /too big: expected string to have <=\s*(\d+)/i.exec(message);
  if (tooLong) return t.tooLongMax(Number(tooLong[1]));
  if (/too big: expected number/i.test(message)) return t.tooBigNumber;
  if (/too small: expected number/i.test(message)) return t.negativeNumber;
  if (/expected int\b/i.test(message)) return t.wholeSom;
  if (/expected number|nan|finite/i.test(message)) return t.invalidNumber;
  if (/too small|required|empty|>=1/i.test(message)) return t.required;
  if (/pattern|slug/i.test(message)) return t.invalidSlug;
  return t.invalidValue;
}

/**
 * Shows a server's refusal on the form: a 400's `details` on their fields, a 409 on
 * `conflictField` (e.g. 'slug', 'login', 'manager_id') with `conflictText`. Returns true when it
 * marked a field (the caller may then skip the toast).
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'setError' | 'getValues'>,
  error: unknown,
  conflictField?: Path<T>,
  conflictText: string = t.alreadyTaken,
): boolean {
  if (!isApiError(error)) return false;
  const known = new Set(Object.keys(form.getValues() ?? {}));
  let marked = false;
  if (error.status === 400) {
    for (const d of error.details) {
      const top = d.path.split('.')[0] ?? '';
      if (!known.has(top)) continue;
      // a translation's error goes under its own field in its tab (`translations.ru.title`)
      const field = top === 'translations' ? d.path : top;
      form.setError(field as Path<T>, { type: 'server', message: serverDetailText(d.message) });
      marked = true;
    }
  } else if (error.status === 409 && conflictField) {
    form.setError(conflictField, { type: 'server', message: conflictText });
    marked = true;
  }
  return marked;
}

/** Uzbek text of a react-hook-form error (its own message, else by type). */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  if (error.type === 'required') return t.required;
  return t.invalidValue;
}

function getError(errors: Record<string, unknown>, name: string): FieldError | undefined {
  let cur: unknown = errors;
  for (const part of name.split('.')) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur as FieldError | undefined;
}

interface BaseFieldProps<T extends FieldValues> {
  /** The entity field name: also the input's `name` attribute. */
  name: Path<T>;
  /** Defaults to the Uzbek label of the field (`t.fields[name]`). */
  label?: ReactNode;
  /** The form; defaults to the surrounding `FormProvider`. */
  form?: UseFormReturn<T, unknown, FieldValues>;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
}

/**
 * A visual "*" only: the input gets no `required` attribute, so the browser's own validation
 * never blocks the submit and the Uzbek messages of the schema are shown instead.
 */
function RequiredMark() {
  return (
    <Box as="span" color="fg.error" aria-hidden="true" ms="1">
      *
    </Box>
  );
}

function useFormOf<T extends FieldValues>(form?: UseFormReturn<T, unknown, FieldValues>) {
  const ctx = useFormContext<T>();
  const f = form ?? ctx;
  if (!f) throw new Error('Field components need a `form` prop or a FormProvider');
  return f;
}

/** The form and the field's Uzbek error, as every field component needs them. */
function useField<T extends FieldValues>(name: Path<T>, form?: UseFormReturn<T, unknown, FieldValues>) {
  const f = useFormOf(form);
  return { f, error: fieldErrorText(getError(f.formState.errors, name)) };
}

/** What every field shares around its input: the label (with "*"), the helper or the error. */
function FieldFrame({
  label,
  required,
  disabled,
  helperText,
  error,
  children,
}: {
  /** null: no label (the input names itself). */
  label: ReactNode | null;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  helperText?: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} disabled={disabled}>
      {label !== null ? (
        <Field.Label>
          {label}
          {required ? <RequiredMark /> : null}
        </Field.Label>
      ) : null}
      {children}
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * A field whose input is bound by `register`: the frame (label, default `t.fields[name]`, "*",
 * helper, error) around what `input` draws with the form.
 */
function RegisteredField<T extends FieldValues>({
  name,
  label,
  form,
  required,
  disabled,
  helperText,
  input,
}: BaseFieldProps<T> & { input: (f: UseFormReturn<T, unknown, FieldValues>) => ReactNode }) {
  const { f, error } = useField(name, form);
  return (
    <FieldFrame
      label={label ?? fieldLabel(name)}
      required={required}
      disabled={disabled}
      helperText={helperText}
      error={error}
    >
      {input(f)}
    </FieldFrame>
  );
}

export interface TextFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  type?: 'text' | 'password' | 'tel' | 'url' | 'email';
  placeholder?: string;
  autoComplete?: string;
  /** A multi-line textarea instead of an input. */
  multiline?: boolean;
  /** The language of the value when it is not the page's Uzbek (a translation: `ru`, `en`). */
  lang?: string;
}

/** A text input bound to react-hook-form, with its Uzbek error under it. */
export function TextField<T extends FieldValues>({
  type = 'text',
  placeholder,
  autoComplete,
  multiline,
  lang,
  ...field
}: TextFieldProps<T>) {
  return (
    <RegisteredField
      {...field}
      input={(f) =>
        multiline ? (
          <Textarea placeholder={placeholder} autoresize lang={lang} {...f.register(field.name)} />
        ) : (
          <Input
            type={type}
            placeholder={placeholder}
            autoComplete={autoComplete}
            lang={lang}
            {...f.register(field.name)}
          />
        )
      }
    />
  );
}

export interface PasswordFieldProps<T extends FieldValues> extends Omit<BaseFieldProps<T>, 'required'> {
  /**
   * 'current': the password the user has now (the browser fills it in); 'new': one to set (the
   * browser may offer a strong one and saves it).
   */
  purpose: 'current' | 'new';
}

/** A password input, always required: a login's, a profile's change, a new account's, a reset. */
export function PasswordField<T extends FieldValues>({ purpose, ...field }: PasswordFieldProps<T>) {
  return <TextField {...field} type="password" required autoComplete={`${purpose}-password`} />;
}

export interface NumberFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  placeholder?: string;
  min?: number;
  step?: number | 'any';
}

/** A numeric input: the value is a number, or undefined when empty (so "required" shows). */
export function NumberField<T extends FieldValues>({
  placeholder,
  min = 0,
  step = 'any',
  ...field
}: NumberFieldProps<T>) {
  return (
    <RegisteredField
      {...field}
      input={(f) => (
        <Input
          type="number"
          inputMode="decimal"
          min={min}
          step={step}
          placeholder={placeholder}
          {...f.register(field.name, {
            setValueAs: (v: unknown) => {
              if (typeof v === 'number') return v;
              if (v === '' || v === null || v === undefined) return undefined;
              const n = Number(String(v).replace(',', '.'));
              return Number.isNaN(n) ? v : n;
            },
          })}
        />
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  options: readonly SelectOption[];
  /** The empty first choice (defaults to "Tanlang"). */
  placeholder?: string;
  /** What the empty choice stores: `undefined` (default, shows "required") or `null`. */
  emptyValue?: null | undefined;
}

/** A native select bound to react-hook-form (works well on phones). */
export function SelectField<T extends FieldValues>({
  options,
  placeholder = t.select,
  emptyValue,
  ...field
}: SelectFieldProps<T>) {
  return (
    <RegisteredField
      {...field}
      input={(f) => (
        <ChoiceSelect
          choices={options}
          first={{ value: '', label: placeholder }}
          field={f.register(field.name, {
            setValueAs: (v: unknown) => (v === '' || v == null ? emptyValue : v),
          })}
        />
      )}
    />
  );
}

export interface SwitchFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  /** Text next to the switch; defaults to Faol / Nofaol by state. */
  onText?: string;
  offText?: string;
}

/**
 * A boolean switch (e.g. `is_active`: Faol / Nofaol) bound to react-hook-form through `useWatch`
 * and `setValue` (react-hook-form's `Controller` would cost the login page ~1 KiB gzip: the shared
 * facade is bundled whole). `useWatch`, not the form's `watch`, so a change re-renders the switch,
 * not the whole form.
 */
export function SwitchField<T extends FieldValues>({
  name,
  label,
  form,
  disabled,
  helperText,
  onText = t.active,
  offText = t.inactive,
}: SwitchFieldProps<T>) {
  const stateId = useId();
  const { f, error } = useField(name, form);
  const checked = Boolean(useWatch({ control: f.control, name }));
  return (
    <FieldFrame label={label ?? null} disabled={disabled} helperText={helperText} error={error}>
      <Switch.Root
        name={name}
        checked={checked}
        onCheckedChange={(e) =>
          f.setValue(name, e.checked as PathValue<T, Path<T>>, {
            shouldDirty: true,
            shouldValidate: f.formState.isSubmitted,
          })
        }
        disabled={disabled}
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        {/* with a field label, the state text gets its own id (Ark gives both the field's) */}
        <Switch.Label id={label !== undefined ? stateId : undefined}>
          {checked ? onText : offText}
        </Switch.Label>
      </Switch.Root>
    </FieldFrame>
  );
}
