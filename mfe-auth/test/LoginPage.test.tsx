import { ApiError } from '@qrmenu/shared/api';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../src/LoginPage';

const auth = vi.hoisted(() => ({ login: vi.fn(), profile: vi.fn() }));
vi.mock('@qrmenu/shared/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@qrmenu/shared/api')>();
  return { ...actual, api: { ...actual.api, auth } };
});

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginPage /> },
      { path: '/admin', element: <p>admin area</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  auth.login.mockReset();
  auth.profile.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

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

  it('stores the token and the role from the profile, then goes to /admin', async () => {
    auth.login.mockResolvedValue({ accessToken: 'tok-123' });
    auth.profile.mockResolvedValue({ _id: 'u1', login: 'boss', role: 'manager', is_active: true });
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Login'), ' boss ');
    await userEvent.type(screen.getByLabelText('Parol'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Kirish' }));
    expect(await screen.findByText('admin area')).toBeInTheDocument();
    expect(auth.login).toHaveBeenCalledWith({ login: 'boss', password: 'secret' });
    expect(localStorage.getItem('accessToken')).toBe('tok-123');
    expect(localStorage.getItem('role')).toBe('manager');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends other roles to /admin too', async () => {
    auth.login.mockResolvedValue({ accessToken: 'tok-9' });
    auth.profile.mockResolvedValue({ _id: 'u9', login: 'w', role: 'waiter', is_active: true });
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Login'), 'w');
    await userEvent.type(screen.getByLabelText('Parol'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Kirish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem('role')).toBe('waiter');
  });

  it('fails the login when the profile cannot be read, leaving no token', async () => {
    auth.login.mockResolvedValue({ accessToken: 'tok-1' });
    auth.profile.mockRejectedValue(new ApiError(500, 'internal', 'boom'));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Login'), 'admin');
    await userEvent.type(screen.getByLabelText('Parol'), 'admin12345');
    await userEvent.click(screen.getByRole('button', { name: 'Kirish' }));
    expect(await screen.findByText('Login yoki parol xato')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
