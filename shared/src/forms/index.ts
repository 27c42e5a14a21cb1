/**
 * The form kit: create/edit forms and dialogs (react-hook-form + the shared zod schemas) and the
 * facade's fields. Apart from `@qrmenu/shared/ui` so a page that only lists things does not load
 * react-hook-form; it comes with the first form (the dialogs load lazily). Dialog state
 * (`useFormDialog`) stays in `ui`: the list pages hold it.
 */
export {
  EntityForm,
  type EntityFormOptions,
  type EntityFormProps,
  type EntityFormReturn,
  type EntityFormState,
  type EntityFormTexts,
  type ErrorText,
  FormDialog,
  type FormDialogProps,
  type FormSchema,
} from './FormDialog';
export {
  applyServerErrors,
  formResolver,
  NumberField,
  type NumberFieldProps,
  PasswordField,
  type PasswordFieldProps,
  SelectField,
  type SelectFieldProps,
  type SelectOption,
  SwitchField,
  type SwitchFieldProps,
  serverDetailText,
  TextField,
  type TextFieldProps,
} from './fields';
export {
  TranslatableFields,
  type TranslatableFieldsProps,
  type TranslatedInput,
  TranslatedTextFields,
  type TranslationTab,
  translationFormValues,
} from './TranslatableFields';
