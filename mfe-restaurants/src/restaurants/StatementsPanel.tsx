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
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  notify,
  Pagination,
  Stack,
  Table,
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

function Lines({ lines, onOpen }: { lines: PaymentStatementLine[]; onOpen: (day: string) => void }) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="statements-table">
        <Table.Caption>{W.title}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{W.day}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{W.method}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              {W.count}
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              {W.total}
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              {W.refunds}
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{W.differences}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((l) => (
            <Table.Row key={`${l.day}:${l.method}`} data-testid="statement-line">
              <Table.Cell>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={W.open(l.day, methodName(l.method))}
                  onClick={() => onOpen(l.day)}
                >
                  {l.day}
                </Button>
              </Table.Cell>
              <Table.Cell>{methodName(l.method)}</Table.Cell>
              <Table.Cell textAlign="end">{l.count}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatTiyin(l.total)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {l.refunds > 0 ? `${l.refunds} · ${formatTiyin(l.refunds_total)}` : '0'}
              </Table.Cell>
              <Table.Cell>
                <DifferenceBadge n={l.difference_count} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
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
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="statement-differences">
        <Table.Caption>
          {statement.day}, {methodName(statement.method)}: {W.differences}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{W.transaction}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{W.problem}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{W.ours}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{W.theirs}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{W.bill}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {statement.differences.map((d) => (
            <Table.Row key={`${d.problem}:${d.id}`}>
              <Table.Cell fontFamily="mono" wordBreak="break-all">
                {d.id}
              </Table.Cell>
              <Table.Cell>
                {W.problems[d.problem] ?? d.problem}
                {d.reason ? `: ${d.reason}` : ''}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{entry(d.ours)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{entry(d.theirs)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{d.bill ? formatTiyin(d.bill.amount) : '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Day({ restaurantId, day, onClose }: { restaurantId: string; day: string; onClose: () => void }) {
  const statements = useDayStatements(restaurantId, day);
  const headingId = useId();
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="statement-day"
    >
      <HStack justify="space-between" mb="2">
        <Heading as="h3" size="sm" id={headingId}>
          {W.title}: {day}
        </Heading>
        <Button size="xs" variant="outline" onClick={onClose}>
          {W.close}
        </Button>
      </HStack>
      {statements.isError ? <Text color="red.700">{W.loadError}</Text> : null}
      <Stack gap="4">
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
    </Box>
  );
}

export function StatementsPanel({ restaurantId }: { restaurantId: string }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [day, setDay] = useState(yesterday);
  const lines = useStatements(restaurantId, String(page));
  const rebuild = useRebuildStatements();
  const headingId = useId();
  const dayId = useId();
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
    <Box as="section" mt="5" aria-labelledby={headingId} data-testid="statements-panel">
      <Heading as="h2" size="md" id={headingId}>
        {W.title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {W.hint}
      </Text>
      <HStack as="form" onSubmit={submit} gap="2" alignItems="end" flexWrap="wrap" mb="3">
        <Field.Root w="auto">
          <Field.Label htmlFor={dayId}>{W.rebuildDay}</Field.Label>
          <Input id={dayId} type="date" value={day} required onChange={(e) => setDay(e.target.value)} />
        </Field.Root>
        <Button type="submit" size="sm" loading={rebuild.isPending}>
          {W.rebuild}
        </Button>
      </HStack>
      {lines.isError ? <Text color="red.700">{W.loadError}</Text> : null}
      {lines.data && lines.data.data.length === 0 ? <Text fontSize="sm">{W.empty}</Text> : null}
      {lines.data && lines.data.data.length > 0 ? (
        <>
          <Lines lines={lines.data.data} onOpen={setOpen} />
          {pages > 1 ? (
            <Pagination
              state={{
                page,
                pages,
                hasPrevious: page > 1,
                hasNext: page < pages,
                previous: () => setPage((p) => Math.max(1, p - 1)),
                next: () => setPage((p) => Math.min(pages, p + 1)),
              }}
            />
          ) : null}
        </>
      ) : null}
      {open ? <Day restaurantId={restaurantId} day={open} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
