/**
 * «Kunlik hisobot» on the restaurant's detail page, for admins (docs/PAYMENTS.md,
 * "Reconciliation"): the last days' statements, newest first, a page at a time (per day and
 * method: our count, total, refunds and the number of differences); «Hisobotni yangilash» builds
 * a day now; a day opens its differences and the upload of the provider's list (JSON or CSV, read
 * here: a bad file says why in Uzbek and nothing is sent).
 */
import { useDayStatements, useRebuildStatements, useReconcile, useStatements } from '@qrmenu/shared/query';
import {
  type PaymentStatement,
  type PaymentStatementLine,
  parseProviderFile,
  STATEMENTS_PAGE_SIZE,
} from '@qrmenu/shared/schemas';
import { formatTiyin, t } from '@qrmenu/shared/texts';
import {
  Badge,
  Button,
  DataTable,
  DayField,
  Field,
  Heading,
  HStack,
  Input,
  notify,
  Pagination,
  pageSteps,
  Section,
  Stack,
  Text,
} from '@qrmenu/shared/ui';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';

const W = t.payments.statements;
const methodName = (m: string) => t.payments.methods[m] ?? m;
const entry = (e: { amount: number; state: number } | null) =>
  e ? W.amountState(formatTiyin(e.amount), W.states[String(e.state)] ?? String(e.state)) : '—';

const TASHKENT_MS = 5 * 3_600_000; // UTC+5, no summer time

/** Yesterday in Tashkent: the day the nightly run builds. */
function yesterday(): string {
  return new Date(Date.now() + TASHKENT_MS - 86_400_000).toISOString().slice(0, 10);
}

/** "2026-11-26 14:05", Tashkent's time of a stored moment. */
const tashkentTime = (iso: string) =>
  new Date(Date.parse(iso) + TASHKENT_MS).toISOString().slice(0, 16).replace('T', ' ');

function DifferenceBadge({ n }: { n: number }) {
  return (
    <Badge colorPalette={n > 0 ? 'red' : 'green'} variant={n > 0 ? 'solid' : 'subtle'}>
      {W.differenceCount(n)}
    </Badge>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function Lines({ lines, onOpen }: { lines: PaymentStatementLine[]; onOpen: (day: string) => void }) {
  return (
    <DataTable
      caption={W.title}
      testId="statements-table"
      columns={[
        { label: W.day },
        { label: W.method },
        { label: W.count, numeric: true },
        { label: W.total, numeric: true, cell: NOWRAP },
        { label: W.refunds, numeric: true, cell: NOWRAP },
        { label: W.differences },
      ]}
      rows={lines.map((l) => ({
        key: `${l.day}:${l.method}`,
        testId: 'statement-line',
        cells: [
          <Button
            key="day"
            size="xs"
            variant="outline"
            aria-label={W.open(l.day, methodName(l.method))}
            onClick={() => onOpen(l.day)}
          >
            {l.day}
          </Button>,
          methodName(l.method),
          l.count,
          formatTiyin(l.total),
          l.refunds > 0 ? `${l.refunds} · ${formatTiyin(l.refunds_total)}` : '0',
          <DifferenceBadge key="differences" n={l.difference_count} />,
        ],
      }))}
    />
  );
}

/** The provider's list of the day: a file read here, sent as `{ id, amount, state }` entries. */
function Upload({ restaurantId, statement }: { restaurantId: string; statement: PaymentStatement }) {
  const reconcile = useReconcile();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const hintId = useId();
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const read = parseProviderFile(await file.text(), statement.day);
    input.value = '';
    if (!read.ok) {
      const text = W.fileErrors[read.error] ?? W.uploadError;
      setError(read.line ? W.fileErrorAt(text, read.line) : text);
      return;
    }
    setError(null);
    reconcile.mutate(
      {
        restaurantId,
        body: { day: statement.day, method: statement.method, transactions: read.transactions },
      },
      {
        onSuccess: () =>
          notify.success(read.otherDays ? `${W.uploaded}. ${W.otherDays(read.otherDays)}` : W.uploaded),
        onError: () => setError(W.uploadError),
      },
    );
  };
  return (
    <Stack gap="1">
      <Text fontSize="sm">
        {statement.provider_count !== null && statement.provider_at
          ? W.providerAdded(statement.provider_count, tashkentTime(statement.provider_at))
          : W.providerNone}
      </Text>
      <Field.Root invalid={error !== null}>
        <Field.Label htmlFor={id}>
          {W.upload} ({methodName(statement.method)})
        </Field.Label>
        <Input
          id={id}
          type="file"
          accept=".json,.csv,application/json,text/csv"
          aria-describedby={hintId}
          onChange={(e) => void pick(e)}
          disabled={reconcile.isPending}
          p="1"
        />
        <Field.HelperText id={hintId}>{W.uploadHint}</Field.HelperText>
        {error ? (
          <Text color="red.700" fontSize="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Field.Root>
    </Stack>
  );
}

function Differences({ statement }: { statement: PaymentStatement }) {
  if (statement.differences.length === 0) return <Text fontSize="sm">{W.noDifferences}</Text>;
  return (
    <DataTable
      caption={`${statement.day}, ${methodName(statement.method)}: ${W.differences}`}
      testId="statement-differences"
      columns={[
        { label: W.transaction, cell: { fontFamily: 'mono', wordBreak: 'break-all' } },
        { label: W.problem },
        { label: W.ours, cell: NOWRAP },
        { label: W.theirs, cell: NOWRAP },
        { label: W.bill, cell: NOWRAP },
      ]}
      rows={statement.differences.map((d) => ({
        key: `${d.problem}:${d.id}`,
        cells: [
          d.id,
          `${W.problems[d.problem] ?? d.problem}${d.reason ? `: ${d.reason}` : ''}`,
          entry(d.ours),
          entry(d.theirs),
          d.bill ? formatTiyin(d.bill.amount) : '—',
        ],
      }))}
    />
  );
}

function Day({ restaurantId, day, onClose }: { restaurantId: string; day: string; onClose: () => void }) {
  const statements = useDayStatements(restaurantId, day);
  return (
    <Section
      level={3}
      title={`${W.title}: ${day}`}
      actions={
        <Button size="xs" variant="outline" onClick={onClose}>
          {W.close}
        </Button>
      }
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="statement-day"
    >
      {statements.isError ? <Text color="red.700">{W.loadError}</Text> : null}
      <Stack gap="4" mt="2">
        {(statements.data ?? []).map((s) => (
          <Stack key={s.method} gap="2" data-testid={`statement-${s.method}`}>
            <HStack gap="2" flexWrap="wrap">
              <Heading as="h4" size="xs">
                {methodName(s.method)}
              </Heading>
              <Text fontSize="sm">
                {W.count}: {s.count} · {W.total}: {formatTiyin(s.total)}
              </Text>
              <DifferenceBadge n={s.difference_count} />
            </HStack>
            <Differences statement={s} />
            <Upload restaurantId={restaurantId} statement={s} />
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

export function StatementsPanel({ restaurantId }: { restaurantId: string }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [day, setDay] = useState(yesterday);
  const lines = useStatements(restaurantId, String(page));
  const rebuild = useRebuildStatements();
  const count = lines.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / STATEMENTS_PAGE_SIZE));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    rebuild.mutate(
      { restaurantId, day },
      {
        onSuccess: () => {
          notify.success(W.rebuilt);
          setOpen(day);
        },
        onError: () => notify.error(W.rebuildError),
      },
    );
  };

  return (
    <Section title={W.title} hint={W.hint} mt="5" data-testid="statements-panel">
      <HStack as="form" onSubmit={submit} gap="2" alignItems="end" flexWrap="wrap">
        <DayField label={W.rebuildDay} value={day} required onPick={setDay} />
        <Button type="submit" size="sm" loading={rebuild.isPending}>
          {W.rebuild}
        </Button>
      </HStack>
      {lines.isError ? <Text color="red.700">{W.loadError}</Text> : null}
      {lines.data && lines.data.data.length === 0 ? <Text fontSize="sm">{W.empty}</Text> : null}
      {lines.data && lines.data.data.length > 0 ? (
        <>
          <Lines lines={lines.data.data} onOpen={setOpen} />
          {pages > 1 ? <Pagination state={pageSteps(page, pages, setPage)} /> : null}
        </>
      ) : null}
      {open ? <Day restaurantId={restaurantId} day={open} onClose={() => setOpen(null)} /> : null}
    </Section>
  );
}
