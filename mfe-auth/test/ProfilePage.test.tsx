import { ApiError } from '@qrmenu/shared/api';
import { queryClient } from '@qrmenu/shared/query';
import { signIn } from '@qrmenu/shared/session';
import { notify, toaster, UiProvider } from '@qrmenu/shared/ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ProfilePage, { browser } from '../src/ProfilePage';

const auth = vi.hoisted(() => ({ login: vi.fn(), profile: vi.fn() }));
vi.mock('@qrmenu/shared/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@qrmenu/shared/api')>();
  return { ...actual, api: { ...actual.api, auth } };
});

function renderProfile() {
  render(
    <UiProvider>
      <ProfilePage />
    </UiProvider>,
  );
}

beforeEach(() => {
  toaster.remove();
  queryClient.clear();
  auth.profile.mockReset();
  signIn('tok-1', 'admin');
});

describe('ProfilePage', () => {
  it('shows login, role and status', async () => {
    // login and role differ, so each row is proven on its own
    auth.profile.mockResolvedValue({ _id: 'u1', login: 'bosh', role: 'admin', is_active: true });
    renderProfile();
    const card = await screen.findByTestId('profile');
    const rows = Array.from(card.children).map((row) => row.textContent);
    expect(rows).toEqual(['Loginbosh', 'Roladmin', 'HolatFaol']);
  });

  it('shows Nofaol for an inactive user', async () => {
    auth.profile.mockResolvedValue({ _id: 'u2', login: 'm1', role: 'manager', is_active: false });
    renderProfile();
    expect(await screen.findByText('Nofaol')).toBeInTheDocument();
    expect(screen.getByText('manager')).toBeInTheDocument();
  });

  it("shows 'Profilni yuklashda xatolik yuz berdi' when the profile fails", async () => {
    auth.profile.mockRejectedValue(new ApiError(404, 'not_found', 'no'));
    renderProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('Profilni yuklashda xatolik yuz berdi');
  });

  it('raises the profile failure as an error toast, once per failure', async () => {
    const error = vi.spyOn(notify, 'error');
    auth.profile.mockRejectedValue(new ApiError(404, 'not_found', 'no'));
    renderProfile();
    expect(await screen.findByTestId('toast-error')).toHaveTextContent(
      'Profilni yuklashda xatolik yuz berdi',
    );
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Profilni yuklashda xatolik yuz berdi');
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(auth.profile).toHaveBeenCalledTimes(2);
  });

  it("asks Ha / Yo'q before logging out; Yo'q keeps the session", async () => {
    auth.profile.mockResolvedValue({ _id: 'u1', login: 'admin', role: 'admin', is_active: true });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    renderProfile();
    await screen.findByTestId('profile');
    await userEvent.click(screen.getByRole('button', { name: 'Chiqish' }));
    expect(await screen.findByText('Tizimdan chiqmoqchimisiz?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Yo'q" }));
    await waitFor(() => expect(screen.queryByText('Tizimdan chiqmoqchimisiz?')).not.toBeInTheDocument());
    expect(localStorage.getItem('accessToken')).toBe('tok-1');
    expect(reload).not.toHaveBeenCalled();
  });

  it('Ha removes the token and the role and reloads the page', async () => {
    auth.profile.mockResolvedValue({ _id: 'u1', login: 'admin', role: 'admin', is_active: true });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    renderProfile();
    await screen.findByTestId('profile');
    await userEvent.click(screen.getByRole('button', { name: 'Chiqish' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ha' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
  });
});
