/**
 * The period picker: Bugun, Kecha, 7 kun, 30 kun, a month (its field), or another period (two day
 * fields, shown with «Ko'rsatish» so that a half-typed range asks nothing); a wrong range says why
 * in Uzbek and asks nothing. Under it the period shown and the one it is compared with.
 */
import { t } from '@qrmenu/shared/texts';
import { Button, ChoiceField, DayField, Flex, Note, Stack, Text } from '@qrmenu/shared/ui';
import { useEffect, useState } from 'react';
import {
  addDays,
  daysBetween,
  type PeriodChoice,
  type PeriodResult,
  PRESETS,
  type Preset,
  periodOf,
} from './period';

const r = t.reports;

export function PeriodPicker({
  choice,
  result,
  today,
  onChange,
}: {
  choice: PeriodChoice;
  result: PeriodResult;
  today: string;
  onChange: (next: PeriodChoice) => void;
}) {
  const [from, setFrom] = useState(choice.from);
  const [to, setTo] = useState(choice.to);
  useEffect(() => {
    setFrom(choice.from);
    setTo(choice.to);
  }, [choice.from, choice.to]);
  const typed = choice.preset === 'custom' ? periodOf({ ...choice, from, to }, today) : result;

  const pick = (preset: Preset) => {
    if (preset === 'custom' && (!choice.from || !choice.to) && result.ok) {
      // the fields start from the period on screen
      onChange({ ...choice, preset, from: result.from, to: result.to });
      return;
    }
    onChange({ ...choice, preset });
  };

  return (
    <Stack gap="2" data-testid="period-picker">
      <Flex gap="3" align="end" wrap="wrap">
        <ChoiceField
          w="auto"
          minW="40"
          label={r.period}
          name="period"
          value={choice.preset}
          select={{ minH: '11' }}
          onPick={(preset) => pick(preset as Preset)}
          choices={PRESETS.map((p) => ({ value: p, label: r.periods[p] }))}
        />
        {choice.preset === 'month' ? (
          <DayField
            type="month"
            label={r.monthPick}
            name="month"
            value={choice.month}
            max={today.slice(0, 7)}
            onPick={(month) => month && onChange({ ...choice, month })}
          />
        ) : null}
        {choice.preset === 'custom' ? (
          <Flex gap="3" align="end" wrap="wrap">
            <DayField
              label={r.from}
              name="from"
              value={from}
              max={today}
              invalid={!typed.ok}
              onPick={setFrom}
            />
            <DayField label={r.to} name="to" value={to} max={today} invalid={!typed.ok} onPick={setTo} />
            <Button
              minH="11"
              colorPalette="blue"
              disabled={!typed.ok}
              onClick={() => onChange({ ...choice, from, to })}
            >
              {r.show}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {!typed.ok ? (
        <Text role="alert" color="red.700" fontSize="sm" data-testid="period-error">
          {typed.error}
        </Text>
      ) : null}
      {result.ok ? (
        <Note data-testid="period-shown">
          {r.span(result.from, result.to)}
          {' · '}
          {r.comparedWith(
            r.span(addDays(result.from, -daysBetween(result.from, result.to)), addDays(result.from, -1)),
          )}
        </Note>
      ) : null}
    </Stack>
  );
}
