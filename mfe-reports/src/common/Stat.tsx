/**
 * A figure of the period beside the period before: "+12 %" in green, "-5 %" in red (said in words
 * to a screen reader), "yangi" when there was nothing before, and the previous value under it.
 */
import { t } from '@qrmenu/shared/texts';
import { Box, Note, Text, VISUALLY_HIDDEN } from '@qrmenu/shared/ui';
import { percentChange } from '../period/period';

export function Change({
  current,
  previous,
  lowerIsBetter = false,
}: {
  current: number;
  previous: number;
  lowerIsBetter?: boolean;
}) {
  const change = percentChange(current, previous);
  if (change === null) {
    return (
      <Text as="span" fontSize="xs" color="fg.muted" data-testid="change">
        {t.reports.changeNew}
      </Text>
    );
  }
  const good = lowerIsBetter ? change < 0 : change > 0;
  const color = change === 0 ? 'fg.muted' : good ? 'green.700' : 'red.700';
  return (
    <Text as="span" fontSize="xs" fontWeight="semibold" color={color} data-testid="change">
      <span aria-hidden="true">{t.reports.change(change)}</span>
      <span className="sr-only" style={VISUALLY_HIDDEN}>
        {t.reports.changeLabel(change)}
      </span>
    </Text>
  );
}

/**
 * A figure and the same figure of the period before, both written with `format`: a `Stat`'s
 * value, comparison and previous value, e.g. `<Stat label={…} {...compared(now, before, money)} />`.
 */
export const compared = (current: number, previous: number, format: (n: number) => string) => ({
  value: format(current),
  current,
  previous,
  previousText: format(previous),
});

export function Stat({
  label,
  value,
  current,
  previous,
  previousText,
  lowerIsBetter,
  testId,
}: {
  label: string;
  value: string;
  /** The numbers compared (absent: no comparison). */
  current?: number;
  previous?: number;
  previousText?: string;
  lowerIsBetter?: boolean;
  testId?: string;
}) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="2" data-testid={testId}>
      <Note>{label}</Note>
      <Text
        fontSize="lg"
        fontWeight="bold"
        overflowWrap="anywhere"
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {value}
      </Text>
      {current !== undefined && previous !== undefined ? (
        <Box>
          <Change current={current} previous={previous} lowerIsBetter={lowerIsBetter ?? false} />
          {previousText ? (
            <Text fontSize="xs" color="fg.muted">
              {t.reports.previousValue(previousText)}
            </Text>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
