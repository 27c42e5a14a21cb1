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
    api.answer({
      [LOGIN]: answers.data({ accessToken: 'tok-123' }),
      [PROFILE]: answers.data(fixtures.profile({ _id: 'u1', login: 'boss', role: 'manager' })),
    });
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
    api.answer({
      [LOGIN]: answers.data({ accessToken: 'tok-9' }),
      [PROFILE]: answers.data(fixtures.profile({ _id: 'u9', login: 'w', role: 'waiter' })),
    });
    const view = renderLogin();
    await submit('w', 'secret');
    await waitFor(() => expect(view.path()).toBe('/admin'));
    expect(localStorage.getItem('role')).toBe('waiter');
    expect(adminRoles.every((role) => role === 'waiter')).toBe(true);
  });

  it("fails the login when the profile cannot be read: nothing stored, 'Login yoki parol xato' shown", async () => {
    api.answer({
      [LOGIN]: answers.data({ accessToken: 'tok-1' }),
      [PROFILE]: answers.error(500, 'internal', 'boom'),
    });
    const view = renderLogin();
    await submit('admin', 'admin12345');
    expect(await screen.findByText('Login yoki parol xato')).toBeInTheDocument();
    expect(api.callsTo(PROFILE)).toHaveLength(1);
    expect(view.path()).toBe('/');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(tokenChanges).toEqual([]);
    expect(adminRoles).toEqual([]);
  });
});
