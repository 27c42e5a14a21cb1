import { Box, type BoxProps, Table, type TableCellProps, type TableRowProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A column: its header (`scope="col"`); `numeric` ends its header and cells; `cell` styles each cell. */
export interface DataColumn {
  label: ReactNode;
  numeric?: boolean;
  cell?: TableCellProps;
}

/** The usual columns: the first names the row (a day, a dish, a restaurant), the others are numbers. */
export function numberColumns(first: ReactNode, ...numbers: ReactNode[]): DataColumn[] {
  return [{ label: first }, ...numbers.map((label) => ({ label, numeric: true }))];
}

/** A row: its cells in column order; `props` for the row itself (the chosen day's colour). */
export interface DataRow {
  key: string;
  cells: ReactNode[];
  testId?: string;
  props?: TableRowProps;
}

/**
 * A small table of numbers or lines, read by its caption: the orders' days, the visits' days, the
 * reports' restaurants and a chart's numbers, the payments' statements. It scrolls sideways on a
 * phone; `box` is the scrolling box's (a focusable region where it sits closed in a chart).
 */
export function DataTable({
  caption,
  columns,
  rows,
  testId,
  ...box
}: {
  caption: ReactNode;
  columns: readonly DataColumn[];
  rows: readonly DataRow[];
  testId?: string | undefined;
} & Omit<BoxProps, 'children'>) {
  return (
    <Box overflowX="auto" {...box}>
      <Table.Root size="sm" data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((c, i) => (
              <Table.ColumnHeader
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns in their order
                key={i}
                scope="col"
                textAlign={c.numeric ? 'end' : undefined}
              >
                {c.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key} data-testid={row.testId} {...row.props}>
              {row.cells.map((cell, i) => (
                <Table.Cell
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells in column order
                  key={i}
                  textAlign={columns[i]?.numeric ? 'end' : undefined}
                  {...columns[i]?.cell}
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
