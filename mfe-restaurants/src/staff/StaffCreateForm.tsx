/**
 * «Xodim qo'shish» (docs/SCREENS.md, "Xodimlar"): a login, a name, a password and a role
 * («Ofitsiant» or «Oshxona»); a taken login is said under its field. The account is the
 * restaurant's (an admin's page names it).
 */
import { SelectField, TextField } from '@qrmenu/shared/forms';
import { useCreateStaff } from '@qrmenu/shared/query';
import { type StaffCreateBody, staffCreateBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { NewAccountForm } from '../common/NewAccountForm';

const EMPTY: StaffCreateBody = { login: '', password: '', name: '', role: 'waiter' };

export const ROLE_OPTIONS = [
  { value: 'waiter', label: t.staff.roles.waiter as string },
  { value: 'kitchen', label: t.staff.roles.kitchen as string },
];

export function StaffCreateForm({ restaurantId }: { restaurantId: string | undefined }) {
  const create = useCreateStaff();
  return (
    <NewAccountForm
      title={t.staff.add}
      schema={staffCreateBody}
      empty={EMPTY}
      create={(body) => create.mutateAsync({ restaurantId, body })}
      texts={{ created: t.staff.created, createError: t.staff.createError }}
      testId="staff"
      name={(form) => <TextField form={form} name="name" label={t.staff.name} autoComplete="off" />}
      more={(form) => (
        <SelectField form={form} name="role" label={t.staff.role} required options={ROLE_OPTIONS} />
      )}
    />
  );
}
