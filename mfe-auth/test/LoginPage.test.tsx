import { ApiError, parseRetryAfter } from '@qrmenu/shared/api';
import { ROUTES } from '@qrmenu/shared/paths';
import { accessTokenAtom, getRole, sessionStore, useSession } from '@qrmenu/shared/session';
import {
  type ApiStub,
  answers,
  axeViolations,
  fixtures,
  renderAtRoute,
  stubApi,
} from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../src/LoginPage';
import { loginFailureText, minutesToWait, moduleLoadFailure } from '../src/loginFailure';

/** Roles the /admin page rendered with: the shell's area must never see a token without its role. */
let adminRoles: (string | null)[] = [];
function AdminProbe() {
  const { role } = useSession();
  adminRoles.push(role);
  return <p>admin area</p>;
}

/** Like the shell's LoginRoute: a stored token leaves the login screen at once. */
function LoginGate() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <Navigate to={ROUTES.admin.home} replace /> : <LoginPage />;
}

const renderLogin = () =>
  renderAtRoute(<LoginGate />, ROUTES.login, { routes: { [ROUTES.admin.home]: <AdminProbe /> } });

const LOGIN = 'POST /auth/login';
const PROFILE = 'GET /auth/profile';
/** The server lets the login in with `token`, and the profile read with it is `profile`'s. */
const answerSignIn = (token: string, profile: Parameters<typeof fixtures.profile>[0]) =>
  api.answer({
    [LOGIN]: answers.data({ accessToken: token }),
    [PROFILE]: answers.data(fixtures.profile(profile)),
  });
const loginField = () => screen.getByRole('textbox', { name: t.fields.login });
const passwordField = () => screen.getByLabelText(t.fields.password);
const signInButton = () => screen.getByRole('button', { name: t.signIn });

/** Each change of the stored token, with the role stored at that moment. */
let tokenChanges: { token: string | null; role: string | null; storedRole: string | null }[] = [];
let unsubscribe = () => {};
let api: ApiStub;

async function submit(login: string, password: string) {
  await userEvent.type(loginField(), login);
  await userEvent.type(passwordField(), password);
  await userEvent.click(signInButton());
}

beforeEach(() => {
  api = stubApi({ [LOGIN]: answers.error(401, 'unauthorized', 'bad credentials') });
  adminRoles = [];
  tokenChanges = [];
  unsubscribe = sessionStore.sub(accessTokenAtom, () => {
    tokenChanges.push({
      token: sessionStore.get(accessTokenAtom),
      role: getRole(),
      storedRole: localStorage.getItem('role'),
    });
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => unsubscribe());

describe('LoginPage', () => {
  it('has inputs named login and password, under the page heading', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.signIn);
    expect(loginField()).toHaveAttribute('name', 'login');
    expect(passwordField()).toHaveAttribute('name', 'password');
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('requires login and password and sends nothing without them', async () => {
    renderLogin();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(signInButton());
    expect(await screen.findAllByText('Majburiy maydon')).toHaveLength(2);
    expect(api.callsTo(LOGIN)).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('treats a blank login as missing', async () => {
    renderLogin();
    await userEvent.type(loginField(), '   ');
    await userEvent.type(passwordField(), 'secret');
    await userEvent.click(signInButton());
    expect(await screen.findAllByText('Majburiy maydon')).toHaveLength(1);
    expect(api.callsTo(LOGIN)).toHaveLength(0);
  });

  it("shows 'Login yoki parol xato' on a failed login and stores nothing", async () => {
    const view = renderLogin();
    await submit('admin', 'wrong');
    expect(await screen.findByText('Login yoki parol xato')).toBeInTheDocument();
    expect(api.callsTo(LOGIN).map((c) => c.body)).toEqual([{ login: 'admin', password: 'wrong' }]);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(view.path()).toBe('/');
  });

  it('fetches the profile with the new token, then stores token and role together and goes to /admin', async () => {
    answerSignIn('tok-123', { _id: 'u1', login: 'boss', role: 'manager' });
    const view = renderLogin();
    await submit(' boss ', 'secret');
    expect(await screen.findByText('admin area')).toBeInTheDocument();
    expect(api.callsTo(LOGIN).map((c) => c.body)).toEqual([{ login: 'boss', password: 'secret' }]);
    const profileCall = api.callsTo(PROFILE)[0]!;
    expect(new URL(profileCall.url).pathname).toBe('/api/auth/profile');
    expect(profileCall.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(localStorage.getItem('accessToken')).toBe('tok-123');
    expect(localStorage.getItem('role')).toBe('manager');
    expect(view.path()).toBe('/admin');
    // the token appeared once, with its role already there (in the atoms and in storage)
    expect(tokenChanges).toEqual([{ token: 'tok-123', role: 'manager', storedRole: 'manager' }]);
    expect(adminRoles.length).toBeGreaterThan(0);
    expect(adminRoles.every((role) => role === 'manager')).toBe(true);
  });

  it('sends other roles to /admin too', async () => {
    answerSignIn('tok-9', { _id: 'u9', login: 'w', role: 'waiter' });
    const view = renderLogin();
    await submit('w', 'secret');
    await waitFor(() => expect(view.path()).toBe('/admin'));
    expect(localStorage.getItem('role')).toBe('waiter');
    expect(adminRoles.every((role) => role === 'waiter')).toBe(true);
  });

  it('fails the login when the profile cannot be read: nothing stored, the server error shown, not the password', async () => {
    api.answer({
      [LOGIN]: answers.data({ accessToken: 'tok-1' }),
      [PROFILE]: answers.error(500, 'internal', 'boom'),
    });
    const view = renderLogin();
    await submit('admin', 'admin12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(t.serverError);
    expect(screen.queryByText('Login yoki parol xato')).toBeNull();
    expect(api.callsTo(PROFILE)).toHaveLength(1);
    expect(view.path()).toBe('/');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(tokenChanges).toEqual([]);
    expect(adminRoles).toEqual([]);
  });
});

describe('LoginPage: each failure has its own message', () => {
  const failureShown = async () => (await screen.findByTestId('login-error')).textContent;

  it("too many attempts: 'Juda ko'p urinish' with the minutes of Retry-After, rounded up", async () => {
    api.answer({
      [LOGIN]: { ...answers.error(429, 'rate_limited', 'Too many'), headers: { 'Retry-After': '541' } },
    });
    renderLogin();
    await submit('admin', 'admin12345');
    expect(await failureShown()).toBe("Juda ko'p urinish. 10 daqiqadan keyin qayta urinib ko'ring.");
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('too many attempts without Retry-After: no number is made up', async () => {
    api.answer({ [LOGIN]: answers.error(429, 'rate_limited') });
    renderLogin();
    await submit('admin', 'admin12345');
    expect(await failureShown()).toBe("Juda ko'p urinish. Birozdan keyin qayta urinib ko'ring.");
  });

  it('a server fault (5xx, with or without the contract body) says so', async () => {
    api.answer({ [LOGIN]: answers.error(500, 'internal') });
    renderLogin();
    await submit('admin', 'admin12345');
    expect(await failureShown()).toBe("Serverda xatolik yuz berdi. Birozdan keyin qayta urinib ko'ring.");
    api.answer({ [LOGIN]: { status: 502, raw: '<html>Bad gateway</html>' } });
    await userEvent.click(signInButton());
    await waitFor(() => expect(api.callsTo(LOGIN)).toHaveLength(2));
    expect(await failureShown()).toBe(t.serverError);
  });

  it('no connection (fetch fails): the connection message, nothing stored', async () => {
    api.answer({ [LOGIN]: new TypeError('Failed to fetch') });
    const view = renderLogin();
    await submit('admin', 'admin12345');
    expect(await failureShown()).toBe("Server bilan aloqa yo'q. Internet aloqasini tekshiring.");
    expect(view.path()).toBe('/');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a new attempt clears the previous message; a 401 after a 429 says the password is wrong', async () => {
    api.answer({ [LOGIN]: answers.error(429, 'rate_limited') });
    renderLogin();
    await submit('admin', 'admin12345');
    expect(await failureShown()).toContain("Juda ko'p urinish");
    api.answer({ [LOGIN]: answers.error(401, 'unauthorized') });
    await userEvent.click(signInButton());
    await waitFor(() => expect(screen.getByTestId('login-error')).toHaveTextContent(t.loginError));
  });
});

describe('loginFailureText', () => {
  it('maps each kind of failure, and blames the password only for a 401 to the credentials', () => {
    const err = (status: number, code = 'x', retryAfterSeconds: number | null = null) =>
      new ApiError(status, code, '', [], retryAfterSeconds);
    expect(loginFailureText(err(401), 'credentials')).toBe(t.loginError);
    expect(loginFailureText(err(401), 'profile')).toBe(t.unexpectedError);
    expect(loginFailureText(err(429, 'rate_limited', 60), 'credentials')).toBe(t.tooManyAttempts(1));
    expect(loginFailureText(err(429, 'rate_limited', 61), 'credentials')).toBe(t.tooManyAttempts(2));
    expect(loginFailureText(err(429, 'rate_limited', 0), 'credentials')).toBe(t.tooManyAttempts(1));
    expect(loginFailureText(err(503), 'credentials')).toBe(t.serverError);
    expect(loginFailureText(err(0, 'network'), 'credentials')).toBe(t.noConnection);
    expect(loginFailureText(err(0, 'timeout'), 'credentials')).toBe(t.serverTimeout);
    expect(loginFailureText(moduleLoadFailure(new Error('chunk')), 'credentials')).toBe(t.noConnection);
    expect(loginFailureText(new Error('bug'), 'credentials')).toBe(t.unexpectedError);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(minutesToWait(parseRetryAfter('900'))).toBe(15);
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:04:30 GMT', now)).toBe(270);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(minutesToWait(null)).toBeNull();
  });
});

describe('LoginPage: a kitchen tablet that stays signed in', () => {
  it('sends device: true only when «Bu qurilmada doimiy qolish» is ticked', async () => {
    answerSignIn('device-token', { role: 'kitchen' });
    renderLogin();
    const box = screen.getByRole('checkbox', { name: t.staff.deviceLogin });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await submit('oshpaz', 'oshxona1234');
    await waitFor(() => expect(api.callsTo(LOGIN)).toHaveLength(1));
    expect(api.callsTo(LOGIN)[0]?.body).toEqual({ login: 'oshpaz', password: 'oshxona1234', device: true });
  });

  it('an account that is no restaurant staff, ticked as a device, is told so; nothing stored', async () => {
    api.answer({
      [LOGIN]: {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Only a staff account signs in as a device',
            details: [{ path: 'device', message: 'staff only' }],
          },
        },
      },
    });
    renderLogin();
    await userEvent.click(screen.getByRole('checkbox', { name: t.staff.deviceLogin }));
    await submit('menedjer', 'manager12345');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Qurilma sifatida faqat restoran xodimi kira oladi',
    );
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
