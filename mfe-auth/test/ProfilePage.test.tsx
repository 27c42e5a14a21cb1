import { ROUTES } from '@qrmenu/shared/paths';
import { queryClient } from '@qrmenu/shared/query';
import {
  type ApiStub,
  answers,
  axeViolations,
  fixtures,
  renderAtRoute,
  stubApi,
} from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { notify } from '@qrmenu/shared/ui';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ProfilePage, { browser } from '../src/ProfilePage';

const PROFILE = 'GET /auth/profile';
let api: ApiStub;
const renderProfile = () => renderAtRoute(<ProfilePage />, ROUTES.admin.profile, { as: 'admin' });

beforeEach(() => {
  api = stubApi({ [PROFILE]: answers.error(404, 'not_found', 'no') });
});

describe('ProfilePage', () => {
  it('shows login, role and status under the page heading', async () => {
    // login and role differ, so each row is proven on its own
    api.answer({
      [PROFILE]: answers.data(fixtures.profile({ login: 'bosh', role: 'admin', is_active: true })),
    });
    renderProfile();
    const card = await screen.findByTestId('profile');
    const rows = Array.from(card.children).map((row) => row.textContent);
    // the role in Uzbek (issue 17), not the API's word
    expect(rows).toEqual(['Loginbosh', 'RolAdministrator', 'HolatFaol']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.profile);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows Nofaol for an inactive user', async () => {
    api.answer({
      [PROFILE]: answers.data(fixtures.profile({ login: 'm1', role: 'manager', is_active: false })),
    });
    renderProfile();
    expect(await screen.findByText('Nofaol')).toBeInTheDocument();
    expect(screen.getByText('Menedjer')).toBeInTheDocument();
    expect(screen.queryByText('manager')).toBeNull();
  });

  it("shows 'Profilni yuklashda xatolik yuz berdi' when the profile fails", async () => {
    renderProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('Profilni yuklashda xatolik yuz berdi');
  });

  it('raises the profile failure as an error toast, once per failure', async () => {
    const error = vi.spyOn(notify, 'error');
    renderProfile();
    expect(await screen.findByTestId('toast-error')).toHaveTextContent(
      'Profilni yuklashda xatolik yuz berdi',
    );
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Profilni yuklashda xatolik yuz berdi');
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(api.callsTo(PROFILE)).toHaveLength(2);
  });

  it("asks Ha / Yo'q before logging out; Yo'q keeps the session", async () => {
    api.answer({ [PROFILE]: answers.data(fixtures.profile({ login: 'admin', role: 'admin' })) });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    renderProfile();
    await screen.findByTestId('profile');
    await userEvent.click(screen.getByRole('button', { name: 'Chiqish' }));
    expect(await screen.findByText('Tizimdan chiqmoqchimisiz?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Yo'q" }));
    await waitFor(() => expect(screen.queryByText('Tizimdan chiqmoqchimisiz?')).not.toBeInTheDocument());
    expect(localStorage.getItem('accessToken')).toBe('token-admin');
    expect(reload).not.toHaveBeenCalled();
  });

  it('Ha removes the token and the role and reloads the page', async () => {
    api.answer({ [PROFILE]: answers.data(fixtures.profile({ login: 'admin', role: 'admin' })) });
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
