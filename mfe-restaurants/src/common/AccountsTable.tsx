/**
 * The list of a page's accounts, as «Menedjerlar» and «Xodimlar» show theirs: a number, the login,
 * the page's own columns, the status and the account's actions, in a table a keyboard can scroll
 * when a phone cuts it. Each page gives only its columns and actions.
 */
import { t } from '@qrmenu/shared/texts';
import { StatusBadge, Table } from '@qrmenu/shared/ui';
import type { ReactNode } from 'react';

export interface AccountColumn<A> {
  header: string;
  cell(account: A): ReactNode;
}

export function AccountsTable<A extends { _id: string; login: string; is_active: boolean }>({
  label,
  accounts,
  columns,
  actions,
  testId,
  rowTestId,
}: {
  /** The table's name for a screen reader (the page's title). */
  label: string;
  accounts: A[];
  /** The columns between the login and the status. */
  columns: AccountColumn<A>[];
  actions(account: A): ReactNode;
  testId: string;
  rowTestId: string;
}) {
  return (
    // focusable, so that a keyboard can scroll the table when a phone cuts it
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={label}>
      {/* a login or a name of one long word wraps in its cell */}
      <Table.Root
        size="sm"
        data-testid={testId}
        css={{ '& td': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="10">{t.number}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.fields.login}</Table.ColumnHeader>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header}>{column.header}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader>{t.status}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {accounts.map((account, i) => (
            <Table.Row key={account._id} data-testid={rowTestId}>
              <Table.Cell>{i + 1}</Table.Cell>
              <Table.Cell>{account.login}</Table.Cell>
              {columns.map((column) => (
                <Table.Cell key={column.header}>{column.cell(account)}</Table.Cell>
              ))}
              <Table.Cell>
                <StatusBadge active={account.is_active} />
              </Table.Cell>
              <Table.Cell>{actions(account)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
