/**
 * The period picker: Bugun, Kecha, 7 kun, 30 kun, a month (its field), or another period (two day
 * fields, shown with «Ko'rsatish» so that a half-typed range asks nothing); a wrong range says why
 * in Uzbek and asks nothing. Under it the period shown and the one it is compared with.
 */
import { t } from '@qrmenu/shared/texts';
import { Button, Field, Flex, Input, NativeSelect, Stack, Text } from '@qrmenu/shared/ui';
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
        <Field.Root w="auto" minW="40">
          <Field.Label>{r.period}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="period"
              value={choice.preset}
              minH="11"
              onChange={(e) => pick(e.currentTarget.value as Preset)}
            >
              {PRESETS.map((p) => (
                <option key={p} value={p}>
                  {r.periods[p]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {choice.preset === 'month' ? (
          <Field.Root w="auto">
            <Field.Label>{r.monthPick}</Field.Label>
            <Input
              type="month"
              name="month"
              value={choice.month}
              max={today.slice(0, 7)}
              minH="11"
              onChange={(e) => e.currentTarget.value && onChange({ ...choice, month: e.currentTarget.value })}
            />
          </Field.Root>
        ) : null}
        {choice.preset === 'custom' ? (
          <Flex gap="3" align="end" wrap="wrap">
            <Field.Root w="auto" invalid={!typed.ok}>
              <Field.Label>{r.from}</Field.Label>
              <Input
                type="date"
                name="from"
                value={from}
                max={today}
                minH="11"
                onChange={(e) => setFrom(e.currentTarget.value)}
              />
            </Field.Root>
            <Field.Root w="auto" invalid={!typed.ok}>
              <Field.Label>{r.to}</Field.Label>
              <Input
                type="date"
                name="to"
                value={to}
                max={today}
                minH="11"
                onChange={(e) => setTo(e.currentTarget.value)}
              />
            </Field.Root>
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
        <Text fontSize="sm" color="fg.muted" data-testid="period-shown">
          {r.span(result.from, result.to)}
          {' · '}
          {r.comparedWith(
            r.span(addDays(result.from, -daysBetween(result.from, result.to)), addDays(result.from, -1)),
          )}
        </Text>
      ) : null}
    </Stack>
  );
}
