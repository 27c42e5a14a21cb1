/**
 * Login screen. Plain elements and a small CSS file: no Chakra, so the first page stays light.
 * Success: token and role stored together, then /admin (every role; non-owners see the sidebar).
 */
import { ROUTES } from '@qrmenu/shared/paths';
import type { LoginBody } from '@qrmenu/shared/schemas';
import { setRole, signIn } from '@qrmenu/shared/session';
import { t, uzbekIssue } from '@qrmenu/shared/texts';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import './login.css';

/**
 * The API client (ky) is needed only once the form is sent: it is fetched with the first
 * validation, beside the schemas, not with the login page.
 */
const loadApi = () => import('@qrmenu/shared/api');

/**
 * The shared `loginBody` schema as a react-hook-form resolver, with Uzbek messages. The schema
 * module (and zod with it) is fetched on the first validation, not with the login page.
 */
export const loginResolver: Resolver<LoginBody> = async (values) => {
  void loadApi().catch(() => {}); // warmed for the submit that may follow
  const { loginBody } = await import('@qrmenu/shared/schemas');
  const parsed = loginBody.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<LoginBody> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LoginBody | undefined;
    if (field && !errors[field]) {
      errors[field] = { type: issue.code, message: uzbekIssue(issue as Parameters<typeof uzbekIssue>[0]) };
    }
  }
  return { values: {}, errors };
};

export default function LoginPage() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: loginResolver, defaultValues: { login: '', password: '' } });

  const onSubmit = handleSubmit(async (body) => {
    setFailed(false);
    try {
      const { api } = await loadApi();
      const { accessToken } = await api.auth.login(body);
      // Asked with the new token before storing it: the shell leaves the login screen as soon as
      // a token is stored, so the role must be there first.
      const { role } = await api.auth.profile(accessToken);
      setRole(role);
      signIn(accessToken);
      navigate(ROUTES.admin.home, { replace: true });
    } catch (err) {
      // Nothing was stored: the login screen stays, with the message.
      console.error('[login]', err);
      setFailed(true);
    }
  });

  return (
    <main className="qm-login">
      <form className="qm-login-card" onSubmit={onSubmit} noValidate aria-label={t.signIn}>
        <h1 className="qm-login-title">{t.signIn}</h1>
        <label className="qm-login-field">
          <span>{t.fields.login}</span>
          <input
            {...register('login')}
            autoComplete="username"
            aria-invalid={errors.login ? true : undefined}
          />
          {errors.login ? (
            <small className="qm-login-error" role="alert">
              {errors.login.message}
            </small>
          ) : null}
        </label>
        <label className="qm-login-field">
          <span>{t.fields.password}</span>
          <input
            {...register('password')}
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
          />
          {errors.password ? (
            <small className="qm-login-error" role="alert">
              {errors.password.message}
            </small>
          ) : null}
        </label>
        {failed ? (
          <p className="qm-login-failure" role="alert" data-testid="login-error">
            {t.loginError}
          </p>
        ) : null}
        <button type="submit" className="qm-login-submit" disabled={isSubmitting}>
          {isSubmitting ? t.loading : t.signIn}
        </button>
      </form>
    </main>
  );
}
