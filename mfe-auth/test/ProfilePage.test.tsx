import { ROUTES } from '@qrmenu/shared/paths';
import { queryClient } from '@qrmenu/shared/query';
import { answers, axeViolations, fixtures, openPage, type StubRoutes } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { notify } from '@qrmenu/shared/ui';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ProfilePage, { browser } from '../src/ProfilePage';

const PROFILE = 'GET /auth/profile';
/** The page signed in `as` (the admin unless said); the profile answers 404 unless `more` answers it. */
const openProfile = (more: StubRoutes = {}, as = 'admin') =>
  openPage(<ProfilePage />, ROUTES.admin.profile, {
    as,
    answers: { [PROFILE]: answers.error(404, 'not_found', 'no'), ...more },
  });

describe('ProfilePage', () => {
  it('shows login, role and status under the page heading', async () => {
    // login and role differ, so each row is proven on its own
    openProfile({
      [PROFILE]: answers.data(fixtures.profile({ login: 'bosh', role: 'admin', is_active: true })),
    });
    const card = await screen.findByTestId('profile');
    const rows = Array.from(card.children).map((row) => row.textContent);
    // the role in Uzbek, not the API's word
    expect(rows).toEqual(['Loginbosh', 'RolAdministrator', 'HolatFaol']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.profile);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows Nofaol for an inactive user', async () => {
    openProfile({
      [PROFILE]: answers.data(fixtures.profile({ login: 'm1', role: 'manager', is_active: false })),
    });
    expect(await screen.findByText('Nofaol')).toBeInTheDocument();
    expect(screen.getByText('Menedjer')).toBeInTheDocument();
    expect(screen.queryByText('manager')).toBeNull();
  });

  it("shows 'Profilni yuklashda xatolik yuz berdi' when the profile fails", async () => {
    openProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('Profilni yuklashda xatolik yuz berdi');
  });

  it('raises the profile failure as an error toast, once per failure', async () => {
    const error = vi.spyOn(notify, 'error');
    const { api } = openProfile();
    expect(await screen.findByTestId('toast-error')).toHaveTextContent(
      'Profilni yuklashda xatolik yuz berdi',
    );
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Profilni yuklashda xatolik yuz berdi');
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(api.callsTo(PROFILE)).toHaveLength(2);
  });

  /** The admin's profile, the page's reload watched, «Chiqish» pressed; `more` answers the API too. The stub and the reload. */
  async function pressLogOut(more: StubRoutes = {}) {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const { api } = openProfile({
      [PROFILE]: answers.data(fixtures.profile({ login: 'admin', role: 'admin' })),
      ...more,
    });
    await screen.findByTestId('profile');
    await userEvent.click(screen.getByRole('button', { name: 'Chiqish' }));
    return { reload, api };
  }

  it("asks Ha / Yo'q before logging out; Yo'q keeps the session", async () => {
    const { reload } = await pressLogOut();
    expect(await screen.findByText('Tizimdan chiqmoqchimisiz?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Yo'q" }));
    await waitFor(() => expect(screen.queryByText('Tizimdan chiqmoqchimisiz?')).not.toBeInTheDocument());
    expect(localStorage.getItem('accessToken')).toBe('token-admin');
    expect(reload).not.toHaveBeenCalled();
  });

  it('Ha removes the token and the role and reloads the page', async () => {
    const { reload, api } = await pressLogOut();
    await userEvent.click(await screen.findByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // the server was told first, with the token it is to refuse from now on
    const [logout] = api.callsTo('POST /auth/logout');
    expect(logout?.headers.get('authorization')).toBe('Bearer token-admin');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    const { reload } = await pressLogOut({ 'POST /auth/logout': new Error('offline') });
    await userEvent.click(await screen.findByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('ProfilePage: own password', () => {
  const CHANGE = 'PUT /auth/password';
  const fill = async (current: string, next: string) => {
    await userEvent.type(screen.getByLabelText(/^Joriy parol/), current);
    await userEvent.type(screen.getByLabelText(/^Yangi parol/), next);
    await userEvent.click(screen.getByRole('button', { name: t.changePassword }));
  };

  const adminProfile = { [PROFILE]: answers.data(fixtures.profile({ login: 'admin', role: 'admin' })) };

  it('sends the current and the new password, keeps this tab logged in with the new token', async () => {
    const { api } = openProfile({ ...adminProfile, [CHANGE]: answers.data({ accessToken: 'token-new' }) });
    await screen.findByTestId('profile');
    expect(await axeViolations()).toEqual([]);
    await fill('eski-parol', 'yangi-parol-1');
    expect(await screen.findByText(t.passwordChanged)).toBeInTheDocument();
    expect(api.callsTo(CHANGE).map((c) => c.body)).toEqual([
      { current_password: 'eski-parol', password: 'yangi-parol-1' },
    ]);
    expect(localStorage.getItem('accessToken')).toBe('token-new');
    expect(localStorage.getItem('role')).toBe('admin');
    // the form is empty again
    await waitFor(() => expect(screen.getByLabelText(/^Joriy parol/)).toHaveValue(''));
  });

  it('says under the field when the current password is wrong; nothing stored', async () => {
    openProfile({
      ...adminProfile,
      [CHANGE]: {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Wrong current password',
            details: [{ path: 'current_password', message: 'Wrong password' }],
          },
        },
      },
    });
    await screen.findByTestId('profile');
    await fill('notogri', 'yangi-parol-1');
    expect(await screen.findByText(t.wrongCurrentPassword)).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('token-admin');
    expect(await axeViolations()).toEqual([]);
  });

  it('refuses a new password under 8 characters before any call', async () => {
    const { api } = openProfile(adminProfile);
    await screen.findByTestId('profile');
    await fill('eski-parol', 'qisqa');
    expect(await screen.findByText(t.passwordTooShort)).toBeInTheDocument();
    expect(api.callsTo(CHANGE)).toHaveLength(0);
  });
});

describe("ProfilePage: a staff member's own Telegram", () => {
  const waiter = (linked: boolean) =>
    answers.data({ ...fixtures.profile({ login: 'aziz', role: 'waiter' }), telegram_linked: linked });
  /** The one-time code K7Q2M9 (until 14:15 in Tashkent), with the link to `bot` if the restaurant has one. */
  const telegramCode = (bot: string | null) =>
    answers.data({
      code: 'K7Q2M9',
      expires_at: '2026-01-10T09:15:00.000Z',
      bot_username: bot,
      link: bot && `https://t.me/${bot}?start=K7Q2M9`,
    });

  it('not linked: «Telegramni ulash» shows the one-time code, the link to the bot and until when; axe clean', async () => {
    openProfile(
      {
        [PROFILE]: waiter(false),
        'POST /staff/telegram-code': telegramCode('oshxona_bot'),
      },
      'waiter',
    );
    expect(await screen.findByText('Telegram ulanmagan')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Telegramni ulash' }));
    const code = await screen.findByTestId('telegram-code');
    expect(code).toHaveTextContent('Telegramda @oshxona_bot botini oching');
    expect(code).toHaveTextContent('/start K7Q2M9');
    // Tashkent's time (UTC+5), whatever the machine's zone
    expect(code).toHaveTextContent('Kod 14:15 gacha, bir marta amal qiladi.');
    expect(screen.getByRole('link', { name: 'Botni ochish' })).toHaveAttribute(
      'href',
      'https://t.me/oshxona_bot?start=K7Q2M9',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('a restaurant without a bot says so; linked, «Uzish» unlinks', async () => {
    const { api } = openProfile(
      {
        [PROFILE]: waiter(false),
        'POST /staff/telegram-code': telegramCode(null),
      },
      'kitchen',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Telegramni ulash' }));
    expect(
      await screen.findByText("Restoranda hali Telegram bot yo'q: menedjeringizga ayting."),
    ).toBeInTheDocument();
    expect(screen.queryByText('/start K7Q2M9')).toBeNull();

    api.answer({
      [PROFILE]: waiter(true),
      'DELETE /staff/telegram': answers.data({ telegram_linked: false }),
    });
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText('Ulangan')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Uzish' }));
    await waitFor(() => expect(api.callsTo('DELETE /staff/telegram')).toHaveLength(1));
  });

  it("a manager's profile has no Telegram link of its own", async () => {
    openProfile({ [PROFILE]: answers.data(fixtures.profile({ login: 'm1', role: 'manager' })) }, 'manager');
    expect(await screen.findByText('Menedjer')).toBeInTheDocument();
    expect(screen.queryByTestId('telegram-link')).toBeNull();
  });
});
