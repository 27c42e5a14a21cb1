/**
 * Create and edit with one form body (react-admin's rule): `useEntityForm` runs the save (create,
 * or an edit of only the changed fields, or the entity's "no change" message and no call),
 * `EntityForm` renders it with its buttons, `FormDialog` puts it in a dialog whose state
 * `useFormDialog` (in the UI facade) keeps.
 */
import { type BaseSyntheticEvent, type ReactNode, useEffect, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { changedFields, hasChanges } from '../api/changed';
import { isApiError } from '../api/errors';
import { t } from '../texts';
// Chakra through the UI facade (one copy, one theme context); the build maps `../ui` to the shared module
import { Button, DialogShell, type FormDialogState, HStack, notify, Stack, Text } from '../ui';
import { applyServerErrors, formResolver } from './fields';

export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type EntityFormReturn<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/** A failure's toast: one text, or the text for this error. */
export type ErrorText = string | ((error: unknown) => string);

/** A 409 marked under its field, on a form that says it there alone. */
const saidUnderField = (marked: boolean, error: unknown, conflict: { toast?: boolean } | undefined) =>
  marked && conflict?.toast === false && isApiError(error) && error.status === 409;

const errorText = (text: ErrorText, error: unknown): string =>
  typeof text === 'function' ? text(error) : text;

export interface EntityFormTexts {
  /** Success toasts (none when absent). */
  created?: string;
  updated?: string;
  /**
   * Error toasts of a failed call; a function picks the text by the error (a product
   * create that answers without an id has its own text).
   */
  createError: ErrorText;
  /** Default "Tahrirlashda xatolik yuz berdi!". */
  updateError?: ErrorText;
  /** Shown when an edit changes nothing (default "Hech qanday o'zgarish yo'q."). */
  noChanges?: string;
}

export interface EntityFormOptions<R, S extends FormSchema, C = unknown, U = unknown> {
  /** The record to edit; null or absent: create. */
  record?: R | null;
  /** The form's zod schema (derived from the shared one): Uzbek messages under the fields. */
  schema: S;
  /** The form's values: the record's on edit (an edit is compared against them), defaults on create. */
  values: (record: R | null) => z.input<S>;
  onCreate: (values: z.output<S>) => Promise<C>;
  /** Called with the changed fields only (never none); absent for a create-only form. */
  onUpdate?: (changed: Partial<z.output<S>>, record: R) => Promise<U>;
  texts: EntityFormTexts;
  /**
   * The field a 409 answer marks, and its message (e.g. `{ field: 'slug', text: t.slugTaken }`).
   * `toast: false`: the field's message alone, no failure toast beside it (a form whose failure
   * toast the spec does not require, e.g. the managers' extension).
   */
  conflict?: { field: string; text: string; toast?: boolean };
  /** Changes kept outside the form (chosen pictures): with them, an edit is never "no change". */
  hasPendingExtras?: boolean;
  /** A reason the edit cannot be sent, shown as an error toast instead (e.g. `t.slugMissing`). */
  guard?: (record: R) => string | undefined;
  /** After a successful save, before `onSaved` (uploads go here); `saved` is null for extras only. */
  afterSave?: (saved: C | U | null, record: R | null) => unknown;
  onSaved?: (saved: C | U | null) => void;
  /** One message for any invalid field, under the fields and as an error toast (the integration dialog's). */
  invalidText?: string;
}

export interface EntityFormState<S extends FormSchema> {
  form: EntityFormReturn<S>;
  /** The `<form onSubmit>` handler. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  isEdit: boolean;
  busy: boolean;
}

export function useEntityForm<R, S extends FormSchema, C = unknown, U = unknown>(
  options: EntityFormOptions<R, S, C, U>,
): EntityFormState<S> {
  const record = options.record ?? null;
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: formResolver(options.schema),
    defaultValues: options.values(record) as DefaultValues<z.input<S>>,
  });
  const markServerErrors = (error: unknown, conflictField: string | undefined) =>
    applyServerErrors(
      form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>,
      error,
      conflictField as Path<FieldValues> | undefined,
      options.conflict?.text,
    );

  const save = async (parsed: z.output<S>) => {
    const { texts, conflict } = options;
    if (!record) {
      let created: C;
      try {
        created = await options.onCreate(parsed);
      } catch (error) {
        // a taken value marked under its field may say it all: no generic toast beside it
        if (!saidUnderField(markServerErrors(error, conflict?.field), error, conflict)) {
          notify.error(errorText(texts.createError, error));
        }
        return;
      }
      if (texts.created) notify.success(texts.created);
      await options.afterSave?.(created, null);
      options.onSaved?.(created);
      return;
    }
    const changed = changedFields(options.values(record) as Partial<z.output<S>>, parsed) as Partial<
      z.output<S>
    >;
    const changes = hasChanges(changed);
    if (!changes && !options.hasPendingExtras) {
      notify.info(texts.noChanges ?? t.noChanges);
      return;
    }
    const refusal = options.guard?.(record);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    let saved: U | null = null;
    if (changes) {
      try {
        if (!options.onUpdate) throw new Error('This form only creates (no onUpdate)');
        saved = await options.onUpdate(changed, record);
      } catch (error) {
        const field = conflict && conflict.field in changed ? conflict.field : undefined;
        if (!saidUnderField(markServerErrors(error, field), error, conflict)) {
          notify.error(errorText(texts.updateError ?? t.editError, error));
        }
        return;
      }
      if (texts.updated) notify.success(texts.updated);
    }
    await options.afterSave?.(saved, record);
    options.onSaved?.(saved);
  };

  const onInvalid = () => {
    if (options.invalidText) notify.error(options.invalidText);
  };

  return {
    form,
    submit: form.handleSubmit(save, onInvalid),
    isEdit: record !== null,
    busy: form.formState.isSubmitting,
  };
}

export interface EntityFormProps<R, S extends FormSchema, C = unknown, U = unknown>
  extends EntityFormOptions<R, S, C, U> {
  /** The form body, the same for create and edit: the facade's fields bound to `form`. */
  children: (form: EntityFormReturn<S>) => ReactNode;
  onCancel?: () => void;
  /** Default: "Saqlash" on edit, "Yaratish" on create. */
  submitText?: string;
  /** `data-testid` prefix: the form is `<testId>-form`, its submit button `<testId>-submit`. */
  testId?: string;
  /** Told whether the form holds typed changes (the dialog asks before closing on Back then). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** The form element: the body, `invalidText` when a field is invalid, Cancel and Save/Create. */
export function EntityForm<R, S extends FormSchema, C = unknown, U = unknown>(
  props: EntityFormProps<R, S, C, U>,
) {
  const { form, submit, isEdit, busy } = useEntityForm(props);
  const { children, onCancel, submitText, testId, invalidText, onDirtyChange } = props;
  const invalid = Object.keys(form.formState.errors).length > 0;
  const dirty = form.formState.isDirty;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  return (
    <form onSubmit={submit} noValidate data-testid={testId ? `${testId}-form` : undefined}>
      <Stack gap="4">
        {children(form)}
        {invalidText && invalid ? (
          <Text color="red.700" role="alert">
            {invalidText}
          </Text>
        ) : null}
        <HStack justify="flex-end" gap="2" flexWrap="wrap">
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {t.cancel}
            </Button>
          ) : null}
          <Button
            type="submit"
            colorPalette="blue"
            loading={busy}
            data-testid={testId ? `${testId}-submit` : undefined}
          >
            {submitText ?? (isEdit ? t.save : t.create)}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

export interface FormDialogProps<R, S extends FormSchema, C = unknown, U = unknown>
  extends Omit<EntityFormProps<R, S, C, U>, 'record' | 'onCancel'> {
  dialog: FormDialogState<R>;
  /** One title, or one per mode. */
  title: string | { create: string; edit: string };
  /** `data-testid` of the dialog's content. */
  dialogTestId?: string;
}

/** `EntityForm` in a dialog: opens with `dialog.openCreate()` / `openEdit(record)`, closes after a save. */
export function FormDialog<R, S extends FormSchema, C = unknown, U = unknown>({
  dialog,
  title,
  dialogTestId,
  onSaved,
  ...form
}: FormDialogProps<R, S, C, U>) {
  const heading = typeof title === 'string' ? title : dialog.record ? title.edit : title.create;
  const [dirty, setDirty] = useState(false);
  return (
    <DialogShell
      open={dialog.open}
      onClose={dialog.close}
      title={heading}
      size="lg"
      testId={dialogTestId}
      confirmClose={dialog.open && dirty ? t.discardChanges : undefined}
    >
      {dialog.open ? (
        <EntityForm
          key={dialog.opening}
          {...form}
          record={dialog.record}
          onDirtyChange={setDirty}
          onCancel={dialog.close}
          onSaved={(saved) => {
            dialog.close();
            onSaved?.(saved);
          }}
        />
      ) : null}
    </DialogShell>
  );
}
