/**
 * «Xodim qo'shish» (docs/SCREENS.md, "Xodimlar"): a login, a name, a password and a role
 * («Ofitsiant» or «Oshxona»); a taken login is said under its field. The account is the
 * restaurant's (an admin's page names it).
 */
import { EntityForm, PasswordField, SelectField, TextField } from '@qrmenu/shared/forms';
import { useCreateStaff } from '@qrmenu/shared/query';
import { type StaffCreateBody, staffCreateBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Heading, SimpleGrid, Stack } from '@qrmenu/shared/ui';
import { useState } from 'react';

const EMPTY: StaffCreateBody = { login: '', password: '', name: '', role: 'waiter' };

export const ROLE_OPTIONS = [
  { value: 'waiter', label: t.staff.roles.waiter as string },
  { value: 'kitchen', label: t.staff.roles.kitchen as string },
];

export function StaffCreateForm({ restaurantId }: { restaurantId: string | undefined }) {
  const create = useCreateStaff();
  // a fresh, empty form after each account made
  const [round, setRound] = useState(0);
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <Heading as="h2" size="md">
        {t.staff.add}
      </Heading>
      <EntityForm
        key={round}
        schema={staffCreateBody}
        values={() => EMPTY}
        onCreate={(body) => create.mutateAsync({ restaurantId, body })}
        onSaved={() => setRound((n) => n + 1)}
        texts={{ created: t.staff.created, createError: t.staff.createError }}
        // a taken login is said under the field alone (no generic toast beside it)
        conflict={{ field: 'login', text: t.loginTaken, toast: false }}
        submitText={t.add}
        testId="staff"
      >
        {(form) => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <TextField form={form} name="login" required autoComplete="off" />
            <TextField form={form} name="name" label={t.staff.name} autoComplete="off" />
            <PasswordField form={form} name="password" purpose="new" />
            <SelectField form={form} name="role" label={t.staff.role} required options={ROLE_OPTIONS} />
          </SimpleGrid>
        )}
      </EntityForm>
    </Stack>
  );
}
