/**
 * «Xodimlar» on the test kit: a manager adds a waiter (a taken login said under its field, nothing
 * added), gives a zone's tables to a waiter in one request, is told to tick tables first, and
 * ends a kitchen device after asking. axe clean.
 */
import type { FloorTable, StaffDevice, StaffMember } from '@qrmenu/shared/schemas';
import { type ApiStub, answers, axeViolations, renderAtRoute, stubApi } from '@qrmenu/shared/testing/kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import StaffPage from '../src/staff/StaffPage';

const CREATED = '2026-01-10T09:00:00.000Z';

function member(over: Partial<StaffMember>): StaffMember {
  return {
    _id: 's1',
    login: 'aziz',
    name: 'Aziz',
    role: 'waiter',
    restaurant_id: 'r1',
    is_active: true,
    has_pin: false,
    telegram_linked: false,
    tables: 0,
    createdAt: CREATED,
    ...over,
  };
}

let staff: StaffMember[];
let floor: FloorTable[];
let api: ApiStub;

beforeEach(() => {
  staff = [member({}), member({ _id: 's2', login: 'oshpaz', name: 'Karim', role: 'kitchen' })];
  floor = [
    { _id: 'p1', name: 'Stol 1', zone: 'Zal', waiter_id: null },
    { _id: 'p2', name: 'Stol 2', zone: 'Zal', waiter_id: null },
    { _id: 'p3', name: 'Stol 6', zone: 'Ayvon', waiter_id: null },
  ];
  const device: StaffDevice = {
    _id: 'd1',
    user_id: 's2',
    login: 'oshpaz',
    name: 'Karim',
    role: 'kitchen',
    label: 'Oshxona planshetasi',
    createdAt: CREATED,
    expiresAt: '2026-04-10T09:00:00.000Z',
  };
  api = stubApi({
    'GET /manager/staff': () => answers.data(staff),
    'POST /manager/staff': (call) => {
      const body = call.body as { login: string };
      if (staff.some((m) => m.login === body.login)) return answers.error(409, 'conflict', 'Login taken');
      const made = member({ ...(call.body as Partial<StaffMember>), _id: `s${staff.length + 1}` });
      staff = [...staff, made];
      return answers.data(made, 201);
    },
    'GET /manager/floor': () => answers.data(floor),
    'PUT /manager/floor': (call) => {
      const body = call.body as { placement_ids: string[]; waiter_id: string | null };
      floor = floor.map((t) =>
        body.placement_ids.includes(t._id) ? { ...t, waiter_id: body.waiter_id } : t,
      );
      return answers.data(floor);
    },
    'GET /manager/staff-devices': answers.data([device]),
    'DELETE /manager/staff-devices/d1': answers.data({ _id: 'd1' }),
  });
});

describe('«Xodimlar»', () => {
  it('adds a waiter; a taken login is said under its field and adds nothing', async () => {
    renderAtRoute(<StaffPage />, '/staff', { as: 'manager' });
    expect(await screen.findAllByTestId('staff-row')).toHaveLength(2);
    // a fresh form after each account made: found again each time
    const form = () => screen.getByTestId('staff-form');
    const fill = async (login: string) => {
      const field = (name: string) => form().querySelector(`input[name="${name}"]`) as HTMLInputElement;
      await userEvent.clear(field('login'));
      await userEvent.type(field('login'), login);
      await userEvent.clear(field('password'));
      await userEvent.type(field('password'), 'ofitsiant123');
      await userEvent.click(screen.getByTestId('staff-submit'));
    };
    await fill('bobur');
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(3));
    expect(api.writes()[0]?.body).toMatchObject({ login: 'bobur', password: 'ofitsiant123', role: 'waiter' });

    await fill('aziz');
    expect(await within(form()).findByText('Bu login allaqachon band')).toBeInTheDocument();
    expect(screen.getAllByTestId('staff-row')).toHaveLength(3);
    expect(await axeViolations()).toEqual([]);
  });

  it("gives a zone's tables to a waiter in one request; nothing ticked is said first", async () => {
    renderAtRoute(<StaffPage />, '/staff', { as: 'manager' });
    const section = await screen.findByTestId('floor');
    await within(section).findByRole('checkbox', { name: 'Zal: hammasini tanlash' });
    await userEvent.click(within(section).getByRole('button', { name: 'Biriktirish' }));
    expect(await screen.findByText('Avval stollarni tanlang')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    await userEvent.click(within(section).getByRole('checkbox', { name: 'Zal: hammasini tanlash' }));
    expect(within(section).getByRole('status')).toHaveTextContent('2 ta stol tanlandi');
    // the kitchen is no waiter: only Aziz (and «Hammaga») to choose from
    const select = within(section).getByLabelText('Ofitsiant') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Hammaga', 'Aziz']);
    await userEvent.selectOptions(select, 's1');
    await userEvent.click(within(section).getByRole('button', { name: 'Biriktirish' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ placement_ids: ['p1', 'p2'], waiter_id: 's1' });
    expect(await screen.findByText('2 ta stol saqlandi')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('0 ta stol tanlandi'));
    const stol6 = within(section)
      .getAllByTestId('floor-table')
      .find((row) => row.textContent?.includes('Stol 6'));
    expect(stol6).toHaveTextContent('Hammaga');
    expect(await axeViolations()).toEqual([]);
  });

  it('ends a kitchen device after asking', async () => {
    renderAtRoute(<StaffPage />, '/staff', { as: 'manager' });
    const device = await screen.findByTestId('device');
    expect(device).toHaveTextContent('Karim · Oshxona');
    await userEvent.click(within(device).getByRole('button', { name: 'Chiqarish' }));
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/staff-devices/d1')).toHaveLength(1));
  });
});
