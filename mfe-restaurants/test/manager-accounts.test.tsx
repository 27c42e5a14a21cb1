/**
 * Menedjerlar: the admin resets a manager's password (a dialog, at least 8 characters) and
 * deactivates (after Ha / Yo'q) or reactivates a manager; deactivated managers stay listed as
 * Nofaol. The page passes axe with its actions and dialogs.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, axeViolations, fixtures, openPage } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ManagersPage from '../src/managers/ManagersPage';

/** The admin's Menedjerlar over two accounts (aziz active, bobur not) that the answers change. */
function openManagers() {
  const accounts = [
    { _id: 'm1', login: 'aziz', is_active: true },
    { _id: 'm2', login: 'bobur', is_active: false },
  ];
  return openPage(<ManagersPage />, ROUTES.admin.managers, {
    as: 'admin',
    answers: {
      'GET /admin/managers/accounts': () => answers.data(accounts),
      'GET /admin/restaurants': answers.adminRestaurants([
        fixtures.restaurant({ name: 'Azizniki', manager_id: 'm1' }),
      ]),
      'PUT /admin/managers/m1/password': answers.data(accounts[0]),
      'PUT /admin/managers/m1/active': (call) => {
        accounts[0] = { ...accounts[0]!, is_active: (call.body as { is_active: boolean }).is_active };
        return answers.data(accounts[0]);
      },
      'PUT /admin/managers/m2/active': (call) => {
        accounts[1] = { ...accounts[1]!, is_active: (call.body as { is_active: boolean }).is_active };
        return answers.data(accounts[1]);
      },
    },
  });
}

const rowOf = async (login: string) => {
  const table = await screen.findByTestId('managers-table');
  const row = (await within(table).findAllByTestId('manager-row')).find((r) =>
    r.textContent?.includes(login),
  );
  if (!row) throw new Error(`no row for ${login}`);
  return within(row);
};

describe('manager accounts', () => {
  it('lists active and deactivated managers with their status; passes axe', async () => {
    openManagers();
    expect((await rowOf('aziz')).getByText(t.active)).toBeInTheDocument();
    expect((await rowOf('bobur')).getByText(t.inactive)).toBeInTheDocument();
    expect((await rowOf('aziz')).getByRole('button', { name: t.deactivate })).toBeInTheDocument();
    expect((await rowOf('bobur')).getByRole('button', { name: t.activate })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("resets a manager's password in a dialog (at least 8 characters)", async () => {
    const { api } = openManagers();
    await userEvent.click((await rowOf('aziz')).getByRole('button', { name: t.resetPassword }));
    const dialog = await screen.findByTestId('manager-password-dialog');
    expect(within(dialog).getByText(t.resetPasswordTitle('aziz'))).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    const input = within(dialog).getByLabelText(/^Yangi parol/);
    await userEvent.type(input, 'qisqa');
    await userEvent.click(within(dialog).getByRole('button', { name: t.resetPassword }));
    expect(await within(dialog).findByText(t.passwordTooShort)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await userEvent.type(input, '-parol');
    await userEvent.click(within(dialog).getByRole('button', { name: t.resetPassword }));
    expect(await screen.findByText(t.passwordReset)).toBeInTheDocument();
    expect(api.writes().map((w) => [w.method, w.path, w.body])).toEqual([
      ['PUT', '/admin/managers/m1/password', { password: 'qisqa-parol' }],
    ]);
    await waitFor(() => expect(screen.queryByTestId('manager-password-dialog')).not.toBeInTheDocument());
  });

  it("deactivates after Ha (Yo'q changes nothing) and reactivates", async () => {
    const { api } = openManagers();
    await userEvent.click((await rowOf('aziz')).getByRole('button', { name: t.deactivate }));
    expect(await screen.findByText(t.deactivateConfirm('aziz'))).toBeInTheDocument();
    expect(screen.getByText(t.deactivateHint)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.no }));
    expect(api.writes()).toHaveLength(0);

    await userEvent.click((await rowOf('aziz')).getByRole('button', { name: t.deactivate }));
    await userEvent.click(await screen.findByRole('button', { name: t.yes }));
    expect(await screen.findByText(t.managerDeactivated)).toBeInTheDocument();
    expect(api.writes().map((w) => [w.path, w.body])).toEqual([
      ['/admin/managers/m1/active', { is_active: false }],
    ]);
    // the list is read again: aziz is Nofaol now, with the reactivation at hand
    await waitFor(async () => expect((await rowOf('aziz')).getByText(t.inactive)).toBeInTheDocument());

    await userEvent.click((await rowOf('bobur')).getByRole('button', { name: t.activate }));
    expect(await screen.findByText(t.managerActivated)).toBeInTheDocument();
    expect(api.writes().at(-1)?.body).toEqual({ is_active: true });
  });
});
