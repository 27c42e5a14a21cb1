/**
 * What the host and remotes may use of react-hook-form, shared once (a shared singleton is
 * bundled whole: unfiltered, its field arrays, controllers, watchers and `<Form>` cost ~4 KiB
 * gzip on the login page; `Controller` alone ~1 KiB, so the facade's switch uses the form's
 * `watch`/`setValue`). `useForm` for the forms; `useFormContext` and `FormProvider` for the UI
 * facade's fields; `appendErrors`, `get`, `set` are what
 * `@hookform/resolvers` imports. Types are not affected. A contract like the router facade:
 * add a name here (and rebuild the shell) before a remote uses it.
 */
export {
  appendErrors,
  FormProvider,
  get,
  set,
  useForm,
  useFormContext,
} from 'qrmenu-react-hook-form-impl';
