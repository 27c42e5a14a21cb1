/**
 * A chart as one figure: its title (the caption), the picture (one `role="img"` with a summary
 * a screen reader reads), its legend, and its numbers one tap away: a table in a `<details>`,
 * built when opened. Keyboard: the summary is a focusable control; nothing else is needed.
 */
import { t } from '@qrmenu/shared/texts';
import { Box, Flex, Table, Text } from '@qrmenu/shared/ui';
import { type ReactNode, useId, useState } from 'react';

export interface ChartTable {
  caption: string;
  columns: { label: string; numeric?: boolean }[];
  rows: { key: string; cells: ReactNode[] }[];
}

export function Legend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <Flex as="ul" listStyleType="none" gap="4" fontSize="sm" wrap="wrap" aria-label={t.reports.legend}>
      {items.map((item) => (
        <Flex as="li" key={item.label} align="center" gap="1">
          <Box
            as="span"
            display="inline-block"
            w="3"
            h="3"
            borderRadius="sm"
            bg={item.color}
            aria-hidden="true"
          />
          {item.label}
        </Flex>
      ))}
    </Flex>
  );
}

function NumbersTable({ table, testId }: { table: ChartTable; testId?: string | undefined }) {
  return (
    <Box overflowX="auto" tabIndex={0} role="region" aria-label={table.caption}>
      <Table.Root size="sm" data-testid={testId}>
        <Table.Caption>{table.caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {table.columns.map((c) => (
              <Table.ColumnHeader key={c.label} scope="col" textAlign={c.numeric ? 'end' : undefined}>
                {c.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {table.rows.map((row) => (
            <Table.Row key={row.key}>
              {row.cells.map((cell, i) => (
                <Table.Cell
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells in column order
                  key={i}
                  textAlign={table.columns[i]?.numeric ? 'end' : undefined}
                  whiteSpace={table.columns[i]?.numeric ? 'nowrap' : undefined}
                >
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

export function ChartFigure({
  title,
  legend,
  table,
  children,
  testId,
}: {
  title: string;
  legend?: { label: string; color: string }[];
  table: ChartTable;
  children: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <Box as="figure" m="0" aria-labelledby={titleId} data-testid={testId}>
      <Text as="figcaption" id={titleId} fontWeight="semibold" mb="1">
        {title}
      </Text>
      {children}
      {legend ? <Legend items={legend} /> : null}
      <Box
        as="details"
        fontSize="sm"
        mt="1"
        onToggle={(event) => setOpen(event.currentTarget.hasAttribute('open'))}
      >
        <Box as="summary" cursor="pointer" py="2" minH="11" display="flex" alignItems="center">
          {t.reports.showTable}
        </Box>
        {open ? <NumbersTable table={table} testId={testId ? `${testId}-table` : undefined} /> : null}
      </Box>
    </Box>
  );
}
