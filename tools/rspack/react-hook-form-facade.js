/**
 * What the host and remotes may use of react-hook-form, shared once (a shared singleton is
 * bundled whole: unfiltered, its field arrays, controllers, watchers and `<Form>` cost ~4 KiB
 * gzip on the login page; `Controller` alone ~1 KiB, so the facade's switch uses `useWatch` and
 * `setValue`). `useForm` for the forms; `useFormContext` and `FormProvider` for the UI facade's
 * fields; `useWatch` for a part of a form that shows a value as it is typed (it re-renders that
 * part alone, where the form's `watch` re-renders the whole form); `appendErrors`, `get`, `set`
 * are what `@hookform/resolvers` imports. Types are not affected. A contract like the router
 * facade: add a name here (and rebuild the shell) before a remote uses it.
 */
export {
  appendErrors,
  FormProvider,
  get,
  set,
  useForm,
  useFormContext,
  useWatch,
} from 'qrmenu-react-hook-form-impl';
