/** Rad etilganlar: the rejected orders, their share and amount, by the reason the staff wrote. */
import type { RejectionsReport } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Note, numberColumns, SimpleGrid, Stack, Text } from '@qrmenu/shared/ui';
import { RankingFigure } from '../charts/RankingFigure';
import { SERIES_COLORS } from '../charts/scale';
import { money, share } from '../common/money';
import { compared, Stat } from '../common/Stat';

const r = t.reports;

export function RejectionsSection({ data }: { data: RejectionsReport }) {
  const x = data.totals;
  const p = data.previous_totals;
  return (
    <Stack gap="5">
      <SimpleGrid columns={2} gap="2">
        <Stat
          label={r.rejectedTitle}
          {...compared(x.orders, p.orders, String)}
          lowerIsBetter
          testId="stat-rejected-orders"
        />
        <Stat
          label={r.amount}
          {...compared(x.amount, p.amount, money)}
          lowerIsBetter
          testId="stat-rejected-amount"
        />
      </SimpleGrid>
      <Text fontSize="sm">{r.rejectedShare(share(x.orders, x.all_orders))}</Text>
      {data.reasons.length === 0 ? (
        <Note>{r.rejectedNone}</Note>
      ) : (
        <RankingFigure
          title={r.reasons}
          testId="chart-reasons"
          items={data.reasons}
          keyOf={(s) => s.reason}
          columns={numberColumns(r.reason, r.orders, r.amount)}
          cells={(s) => [s.reason || r.noReason, s.orders, money(s.amount)]}
          bar={(s) => ({ label: s.reason || r.noReason, value: s.orders })}
          series={{ label: r.orders, color: SERIES_COLORS[1] }}
          format={String}
        />
      )}
    </Stack>
  );
}
