/**
 * A chart as one figure: its title (the caption), the picture (one `role="img"` with a summary
 * a screen reader reads), its legend, and its numbers one tap away: a table in a `<details>`,
 * built when opened. Keyboard: the summary is a focusable control; nothing else is needed.
 */
import { t } from '@qrmenu/shared/texts';
import { Box, ChartLegend, type DataColumn, type DataRow, DataTable, Text } from '@qrmenu/shared/ui';
import { type ReactNode, useId, useState } from 'react';

export interface ChartTable {
  caption: string;
  columns: DataColumn[];
  rows: DataRow[];
}

/** A chart's numbers keep each number on one line. */
const unwrapped = (columns: DataColumn[]): DataColumn[] =>
  columns.map((c) => (c.numeric ? { ...c, cell: { whiteSpace: 'nowrap' } } : c));

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
      {legend ? <ChartLegend items={legend} /> : null}
      <Box
        as="details"
        fontSize="sm"
        mt="1"
        onToggle={(event) => setOpen(event.currentTarget.hasAttribute('open'))}
      >
        <Box as="summary" cursor="pointer" py="2" minH="11" display="flex" alignItems="center">
          {t.reports.showTable}
        </Box>
        {open ? (
          <DataTable
            caption={table.caption}
            columns={unwrapped(table.columns)}
            rows={table.rows}
            testId={testId ? `${testId}-table` : undefined}
            tabIndex={0}
            role="region"
            aria-label={table.caption}
          />
        ) : null}
      </Box>
    </Box>
  );
}
