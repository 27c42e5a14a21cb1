import { ApiError } from '@qrmenu/shared/api';
import { accessTokenAtom, getRole, sessionStore, useSession } from '@qrmenu/shared/session';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../src/LoginPage';

const auth = vi.hoisted(() => ({ login: vi.fn() }));
vi.mock('@qrmenu/shared/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@qrmenu/shared/api')>();
  return { ...actual, api: { ...actual.api, auth: { ...actual.api.auth, ...auth } } };
});

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
  return isAuthenticated ? <Navigate to="/admin" replace /> : <LoginPage />;
}

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginGate /> },
      { path: '/admin', element: <AdminProbe /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The profile answer of GET /api/auth/profile (the page calls it with the new token, not stored yet). */
const profileFetch = vi.fn<(request: Request) => Promise<Response>>();

function profileAnswers(status: number, body: unknown) {
  profileFetch.mockImplementation(async () =>
    Response.json(body, { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

/** Each change of the stored token, with the role stored at that moment. */
let tokenChanges: { token: string | null; role: string | null; storedRole: string | null }[] = [];
let unsubscribe = () => {};

async function submit(login: string, password: string) {
  await userEvent.type(screen.getByLabelText('Login'), login);
  await userEvent.type(screen.getByLabelText('Parol'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Kirish' }));
}

beforeEach(() => {
  auth.login.mockReset();
  profileFetch.mockReset();
  vi.stubGlobal('fetch', profileFetch);
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
  it('has inputs named login and password', () => {
    const { container } = render(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <LoginPage /> }])} />,
    );
    expect(container.querySelector('input[name="login"]')).toBeInTheDocument();
    expect(container.querySelector('input[name="password"][type="password"]')).toBeInTheDocument();
  });

  it('requires login and password and sends nothing without them', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Kirish' }));
    expect(await screen.findAllByText('Majburiy maydon')).toHaveLength(2);
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('treats a blank login as missing', async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText('Login'), '   ');
    await userEvent.type(screen.getByLabelText('Parol'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Kirish' }));
    expect(await screen.findAllByText('Majburiy maydon')).toHaveLength(1);
    expect(auth.login).not.toHaveBeenCalled();
  });

  it("shows 'Login yoki parol xato' on a failed login and stores nothing", async () => {
    auth.login.mockRejectedValue(new ApiError(401, 'unauthorized', 'bad credentials'));
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Login'), 'admin');
    await userEvent.type(screen.getByLabelText('Parol'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Kirish' }));
    expect(await screen.findByText('Login yoki parol xato')).toBeInTheDocument();
    expect(auth.login).toHaveBeenCalledWith({ login: 'admin', password: 'wrong' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('fetches the profile with the new token, then stores token and role together and goes to /admin', async () => {
    auth.login.mockResolvedValue({ accessToken: 'tok-123' });
    profileAnswers(200, { data: { _id: 'u1', login: 'boss', role: 'manager', is_active: true } });
    const router = renderLogin();
    await submit(' boss ', 'secret');
    expect(await screen.findByText('admin area')).toBeInTheDocument();
    expect(auth.login).toHaveBeenCalledWith({ login: 'boss', password: 'secret' });
    const request = profileFetch.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/auth/profile');
    expect(request.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(localStorage.getItem('accessToken')).toBe('tok-123');
    expect(localStorage.getItem('role')).toBe('manager');
    expect(router.state.location.pathname).toBe('/admin');
    // the token appeared once, with its role already there (in the atoms and in storage)
    expect(tokenChanges).toEqual([{ token: 'tok-123', role: 'manager', storedRole: 'manager' }]);
    expect(adminRoles.length).toBeGreaterThan(0);
    expect(adminRoles.every((role) => role === 'manager')).toBe(true);
  });

  it('sends other roles to /admin too', async () => {
    auth.login.mockResolvedValue({ accessToken: 'tok-9' });
    profileAnswers(200, { data: { _id: 'u9', login: 'w', role: 'waiter', is_active: true } });
    const router = renderLogin();
    await submit('w', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem('role')).toBe('waiter');
    expect(adminRoles.every((role) => role === 'waiter')).toBe(true);
  });

  it("fails the login when the profile cannot be read: nothing stored, 'Login yoki parol xato' shown", async () => {
    auth.login.mockResolvedValue({ accessToken: 'tok-1' });
    profileAnswers(500, { error: { code: 'internal', message: 'boom' } });
    const router = renderLogin();
    await submit('admin', 'admin12345');
    expect(await screen.findByText('Login yoki parol xato')).toBeInTheDocument();
    expect(profileFetch).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(tokenChanges).toEqual([]);
    expect(adminRoles).toEqual([]);
  });
});
