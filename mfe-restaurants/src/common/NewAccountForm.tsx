import {
  EntityForm,
  type EntityFormReturn,
  type FormSchema,
  PasswordField,
  TextField,
} from '@qrmenu/shared/forms';
import { t } from '@qrmenu/shared/texts';
import { Heading, SimpleGrid, Stack } from '@qrmenu/shared/ui';
import { type ReactNode, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form that makes an account (a manager on «Menedjerlar», a staff member on «Xodimlar»): its
 * login and new password, the fields of its kind (`more`, shown between them and after), «Qo'shish»;
 * a taken login said under its field alone, and an empty form again after each account made.
 */
interface AccountFields {
  login: string;
  password: string;
}

export function NewAccountForm<S extends FormSchema>({
  title,
  schema,
  empty,
  create,
  texts,
  testId,
  name,
  more,
  after,
}: {
  title: string;
  schema: S;
  empty: z.input<S>;
  create: (body: z.output<S>) => Promise<unknown>;
  texts: { created: string; createError: string };
  testId: string;
  /** A field after the login (the person's name). */
  name?: (form: EntityFormReturn<S>) => ReactNode;
  /** Fields after the password (a staff member's role). */
  more?: (form: EntityFormReturn<S>) => ReactNode;
  /** Under the form, told whether an account was made on this page. */
  after?: (created: boolean) => ReactNode;
}) {
  const [round, setRound] = useState(0);
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <EntityForm<null, S>
        key={round}
        schema={schema}
        values={() => empty}
        onCreate={create}
        onSaved={() => setRound((n) => n + 1)}
        texts={texts}
        conflict={{ field: 'login', text: t.loginTaken, toast: false }}
        submitText={t.add}
        testId={testId}
      >
        {(form) => {
          // every account's schema has these two (`S` only adds to them)
          const account = form as unknown as UseFormReturn<AccountFields, unknown, FieldValues>;
          return (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <TextField form={account} name="login" required autoComplete="off" />
              {name?.(form)}
              <PasswordField form={account} name="password" purpose="new" />
              {more?.(form)}
            </SimpleGrid>
          );
        }}
      </EntityForm>
      {after?.(round > 0)}
    </Stack>
  );
}
