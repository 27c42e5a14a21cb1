/**
 * Login screen. Plain elements, a small CSS file and React state: no Chakra and no form library,
 * so the first page stays light. Success: token and role stored together, then /admin (every
 * role; a waiter and the kitchen go on to their own pages, others see the sidebar). A failure
 * says what happened (loginFailure.ts). «Bu qurilmada doimiy qolish» signs a staff account in as
 * a device of its restaurant (a kitchen tablet: a long session, each action asking a PIN).
 */
import { ROUTES } from '@qrmenu/shared/paths';
import type { LoginBody } from '@qrmenu/shared/schemas';
import { setRole, signIn } from '@qrmenu/shared/session';
import { t, uzbekIssue } from '@qrmenu/shared/texts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type LoginStage, loginFailureText, moduleLoadFailure } from './loginFailure';
import './login.css';

type FieldErrors = Partial<Record<'login' | 'password', string>>;

/** The build's name when the team set one (`QRMENU_BUILD_LABEL` at build time): which deploy is live. */
const BUILD_LABEL = process.env.QRMENU_BUILD_LABEL;

/**
 * The API client (ky) is needed only once the form is sent: it is fetched with the first
 * validation, beside the schemas, not with the login page.
 */
const loadApi = () =>
  import('@qrmenu/shared/api').catch((err: unknown) => {
    throw moduleLoadFailure(err);
  });

/**
 * The shared `loginBody` schema with Uzbek messages (the first message of each field). The schema
 * module (and zod with it) is fetched on the first validation, not with the login page.
 */
export async function validateLogin(
  values: LoginBody,
): Promise<{ body: LoginBody; errors?: undefined } | { body?: undefined; errors: FieldErrors }> {
  void loadApi().catch(() => {}); // warmed for the submit that may follow
  const { loginBody } = await import('@qrmenu/shared/schemas').catch((err: unknown) => {
    throw moduleLoadFailure(err);
  });
  const parsed = loginBody.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FieldErrors | undefined;
    if (field && !errors[field]) errors[field] = uzbekIssue(issue as Parameters<typeof uzbekIssue>[0]);
  }
  return { errors };
}

/**
 * Signs in: the token, then the profile read with it. Resolves with null, or with the text of
 * what went wrong (then nothing is stored).
 */
async function signInWith(body: LoginBody): Promise<string | null> {
  let stage: LoginStage = 'credentials';
  try {
    const { api } = await loadApi();
    const { accessToken } = await api.auth.login(body);
    stage = 'profile';
    // Asked with the new token before storing it: the shell leaves the login screen as soon as
    // a token is stored, so the role must be there first.
    const { role } = await api.auth.profile(accessToken);
    setRole(role);
    signIn(accessToken);
    return null;
  } catch (err) {
    console.error('[login]', err);
    return loginFailureText(err, stage);
  }
}

/**
 * One of the login's two fields (plain markup: the login page loads no UI kit), its Uzbek label
 * from the catalogue and its error under it; the browser fills the login and the saved password.
 */
function LoginField({
  name,
  type,
  value,
  error,
  onChange,
}: {
  name: keyof FieldErrors;
  type?: 'password';
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <label className="qm-login-field">
      <span>{t.fields[name]}</span>
      <input
        name={name}
        value={value}
        onChange={onChange}
        type={type}
        autoComplete={name === 'login' ? 'username' : 'current-password'}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <small className="qm-login-error" role="alert">
          {error}
        </small>
      ) : null}
    </label>
  );
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginBody>({ login: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // after the first submit, fields are checked again as they change (as forms do elsewhere)
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof FieldErrors) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) {
      validateLogin(next).then(
        (checked) => setErrors(checked.errors ?? {}),
        () => {},
      );
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFailure(null);
    setBusy(true);
    try {
      const checked = await validateLogin(values);
      setErrors(checked.errors ?? {});
      if (!checked.body) return;
      // on a failure nothing was stored: the login screen stays, with what went wrong
      const failed = await signInWith(checked.body);
      if (failed) setFailure(failed);
      else navigate(ROUTES.admin.home, { replace: true });
    } catch (err) {
      // the schemas could not be fetched
      setFailure(loginFailureText(err, 'credentials'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="qm-login">
      <form className="qm-login-card" onSubmit={onSubmit} noValidate aria-label={t.signIn}>
        <h1 className="qm-login-title">{t.signIn}</h1>
        <LoginField name="login" value={values.login} error={errors.login} onChange={change('login')} />
        <LoginField
          name="password"
          type="password"
          value={values.password}
          error={errors.password}
          onChange={change('password')}
        />
        <label className="qm-login-check">
          <input
            type="checkbox"
            name="device"
            checked={values.device === true}
            onChange={(event) => {
              const { device: _, ...rest } = values;
              setValues(event.target.checked ? { ...rest, device: true } : rest);
            }}
          />
          <span>{t.staff.deviceLogin}</span>
        </label>
        {failure ? (
          <p className="qm-login-failure" role="alert" data-testid="login-error">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="qm-login-submit" disabled={busy}>
          {busy ? t.loading : t.signIn}
        </button>
        {BUILD_LABEL ? (
          <p className="qm-login-build" data-testid="build-label">
            {BUILD_LABEL}
          </p>
        ) : null}
      </form>
    </main>
  );
}
