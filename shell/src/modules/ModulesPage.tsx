/**
 * Kept whole: one admin page whose parts (a module's releases, its canary, its key, the
 * origins) share the page's queries and dialogs.
 *
 * `/admin/modules` ("Modullar", admins): each federated module's stable and canary releases, the
 * canary's share, the loads and failures the shells reported per release (by the error's name,
 * and the first error's message), why a canary was switched off by itself (kept after it
 * stopped: its failures by name and its first error); Promote and Roll back, the canary's share,
 * the module's deploy key (shown once); the origins releases may come from (added and removed
 * here, every server at once). The shell's own page (docs/RELEASES.md): it works whatever module
 * is broken.
 */
import {
  useAllowReleaseOrigin,
  useCreateDeployKey,
  useDisallowReleaseOrigin,
  usePromoteRelease,
  useReleasesOverview,
  useRollbackRelease,
  useSetCanaryShare,
} from '@qrmenu/shared/query';
import type { DeployKey, ModuleReleases, Release, ReleaseOrigin } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  ConfirmDialog,
  DialogShell,
  Field,
  Heading,
  HStack,
  Input,
  LoadingSkeleton,
  Note,
  notify,
  Page,
  PageState,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@qrmenu/shared/ui';
import { type ReactNode, useId, useState } from 'react';

const T = t.releases;

/** Failures by the error's name, as one line: `ChunkLoadError: 5, TypeError: 1`. */
const namesLine = (names: Record<string, number>): string =>
  Object.entries(names)
    .map(([name, n]) => `${name}: ${n}`)
    .join(', ');

function ReleaseRow({ label, release, share }: { label: string; release: Release | null; share?: number }) {
  const names = Object.entries(release?.failure_names ?? {});
  return (
    <Table.Row data-testid={`release-${label}`}>
      <Table.Cell fontWeight="medium">{label}</Table.Cell>
      <Table.Cell data-testid="release-version">
        {release ? release.version : label === T.canary ? T.noCanary : T.notDeployed}
        {release && share ? ` (${T.sharePercent(share)})` : null}
      </Table.Cell>
      <Table.Cell css={{ overflowWrap: 'anywhere' }}>{release?.manifest_url ?? '—'}</Table.Cell>
      <Table.Cell data-testid="release-loads">{release?.loads ?? '—'}</Table.Cell>
      <Table.Cell data-testid="release-failures">
        {release ? release.failures : '—'}
        {names.length > 0 ? <Note>{namesLine(release?.failure_names ?? {})}</Note> : null}
        {release?.first_error ? (
          <Text
            fontSize="sm"
            color="fg.muted"
            css={{ overflowWrap: 'anywhere' }}
            data-testid="release-first-error"
          >
            {T.firstError(release.first_error.name, release.first_error.message)}
          </Text>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}

type Asking =
  | { kind: 'promote' | 'rollback' | 'key'; module: ModuleReleases }
  | { kind: 'origin'; origin: ReleaseOrigin }
  | null;

/** An origin as the server takes it: `https://host` or `https://host:port` (http too), nothing after it. */
const ORIGIN = /^https?:\/\/[^/?#\s@]+\/?$/i;

/** The HTTP status of a failed call (the API client's error carries it). */
const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status;

/** The frame of a part of the page: a module's releases, the origins. */
const FRAME = { borderWidth: '1px', borderRadius: 'md', p: { base: '3', md: '4' } } as const;

/** A table that scrolls sideways in its own focusable region, its long texts wrapping in their cells. */
function ScrollTable({
  label,
  headers,
  children,
}: {
  label: string;
  headers: ReactNode[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollArea tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm" css={{ '& td': { whiteSpace: 'normal' } }}>
        <Table.Header>
          <Table.Row>
            {headers.map((header, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns in their order
              <Table.ColumnHeader key={i}>{header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * Where releases may come from: the allowed origins (CDNs) every server reads from the database
 * at once; an admin adds one (a team moving to a new CDN) or removes one no release is served from.
 */
function OriginsSection({ origins, ask }: { origins: ReleaseOrigin[]; ask: (a: Asking) => void }) {
  const allow = useAllowReleaseOrigin();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Stack as="section" gap="3" {...FRAME} data-testid="release-origins">
      <Heading as="h2" size="md">
        {T.origins}
      </Heading>
      <Note>{T.originsIntro}</Note>
      {origins.length === 0 ? (
        <Text>{T.noOrigins}</Text>
      ) : (
        <ScrollTable
          label={T.origins}
          headers={[
            T.origin,
            T.originAddedBy,
            T.originAddedAt,
            <VisuallyHidden key="delete">{t.delete}</VisuallyHidden>,
          ]}
        >
          {origins.map((o) => (
            <Table.Row key={o._id} data-testid="release-origin">
              <Table.Cell css={{ overflowWrap: 'anywhere' }}>{o.origin}</Table.Cell>
              <Table.Cell>{o.added_by ?? T.originFromEnvironment}</Table.Cell>
              <Table.Cell>{new Date(o.created_at).toLocaleString('uz-UZ')}</Table.Cell>
              <Table.Cell>
                <Button
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={T.removeOrigin(o.origin)}
                  onClick={() => ask({ kind: 'origin', origin: o })}
                >
                  {t.delete}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </ScrollTable>
      )}
      <Stack
        as="form"
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'stretch', md: 'end' }}
        onSubmit={(e) => {
          e.preventDefault();
          const origin = value.trim();
          if (!ORIGIN.test(origin)) {
            setError(T.originInvalid);
            return;
          }
          setError(null);
          allow.mutate(
            { origin },
            {
              onSuccess: () => {
                setValue('');
                notify.success(T.originAdded);
              },
              onError: (err) => {
                const status = statusOf(err);
                if (status === 400) setError(T.originInvalid);
                else if (status === 409) setError(T.originExists);
                else notify.error(T.originError);
              },
            },
          );
        }}
      >
        <Field.Root invalid={error !== null} flex="1">
          <Field.Label htmlFor={id}>{T.originLabel}</Field.Label>
          <Input
            id={id}
            name="origin"
            // checked here, said in Uzbek (a url field's own check would speak the browser's language)
            type="text"
            inputMode="url"
            autoComplete="off"
            value={value}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
          {error ? <Field.ErrorText id={errorId}>{error}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" variant="outline" loading={allow.isPending}>
          {T.addOrigin}
        </Button>
      </Stack>
    </Stack>
  );
}

function ShareForm({ module }: { module: ModuleReleases }) {
  const setShare = useSetCanaryShare();
  const [value, setValue] = useState(String(module.canary_share));
  const id = useId();
  const share = Number(value);
  const valid = Number.isInteger(share) && share >= 1 && share <= 100;
  return (
    <HStack
      as="form"
      align="end"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        setShare.mutate(
          { module: module.module, share },
          { onSuccess: () => notify.success(T.shareSaved), onError: () => notify.error(T.changeError) },
        );
      }}
    >
      <Field.Root invalid={!valid} w="auto">
        <Field.Label htmlFor={id}>{T.shareLabel(module.module)}</Field.Label>
        <Input
          id={id}
          type="number"
          min={1}
          max={100}
          w="24"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field.Root>
      <Button type="submit" variant="outline" loading={setShare.isPending} disabled={!valid}>
        {T.setShare}
      </Button>
    </HStack>
  );
}

function ModuleCard({ module, ask }: { module: ModuleReleases; ask: (a: Asking) => void }) {
  const canRollBack = module.canary !== null || module.previous !== null;
  return (
    <Stack as="section" gap="3" {...FRAME} data-testid={`module-${module.module}`}>
      <Heading as="h2" size="md">
        {module.module}
      </Heading>
      <ScrollTable label={module.module} headers={[T.module, T.version, T.address, T.loads, T.failures]}>
        <ReleaseRow label={T.stable} release={module.stable} />
        <ReleaseRow label={T.canary} release={module.canary} share={module.canary_share} />
        {module.previous ? <ReleaseRow label={T.previous} release={module.previous} /> : null}
      </ScrollTable>
      {module.stopped ? (
        <Box
          role="status"
          borderWidth="1px"
          borderColor="border.error"
          borderRadius="md"
          p="3"
          data-testid="canary-stopped"
        >
          <Text>{T.stopped(module.stopped.version, module.stopped.failures, module.stopped.loads)}</Text>
          {Object.keys(module.stopped.failure_names).length > 0 ? (
            <Text fontSize="sm" data-testid="stopped-failure-names">
              {`${T.failureNames}: ${namesLine(module.stopped.failure_names)}`}
            </Text>
          ) : null}
          {module.stopped.first_error ? (
            <Text fontSize="sm" css={{ overflowWrap: 'anywhere' }} data-testid="stopped-first-error">
              {T.firstError(module.stopped.first_error.name, module.stopped.first_error.message)}
            </Text>
          ) : null}
        </Box>
      ) : null}
      {module.canary ? <ShareForm key={module.canary._id} module={module} /> : null}
      <HStack wrap="wrap" gap="2">
        {module.canary ? (
          <Button colorPalette="blue" onClick={() => ask({ kind: 'promote', module })}>
            {T.promote}
          </Button>
        ) : null}
        {canRollBack ? (
          <Button variant="outline" colorPalette="red" onClick={() => ask({ kind: 'rollback', module })}>
            {T.rollback}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => ask({ kind: 'key', module })}>
          {module.deploy_key_created_at ? T.rotateKey : T.createKey}
        </Button>
        <Note>
          {module.deploy_key_created_at
            ? T.keyCreatedAt(new Date(module.deploy_key_created_at).toLocaleString('uz-UZ'))
            : T.noDeployKey}
        </Note>
      </HStack>
    </Stack>
  );
}

function question(asking: NonNullable<Asking>): string {
  if (asking.kind === 'origin') return T.removeOriginQuestion(asking.origin.origin);
  const m = asking.module;
  if (asking.kind === 'promote') return T.promoteQuestion(m.module, m.canary?.version ?? '');
  if (asking.kind === 'key') return T.rotateQuestion(m.module);
  return m.canary
    ? T.rollbackCanaryQuestion(m.module, m.canary.version)
    : T.rollbackStableQuestion(m.module, m.previous?.version ?? '');
}

export default function ModulesPage() {
  const overview = useReleasesOverview();
  const promote = usePromoteRelease();
  const rollback = useRollbackRelease();
  const createKey = useCreateDeployKey();
  const disallow = useDisallowReleaseOrigin();
  const [asking, setAsking] = useState<Asking>(null);
  const [shown, setShown] = useState<DeployKey | null>(null);
  const pending = promote.isPending || rollback.isPending || createKey.isPending || disallow.isPending;

  const confirm = () => {
    if (!asking) return;
    const done = { onSettled: () => setAsking(null) };
    if (asking.kind === 'origin') {
      disallow.mutate(
        { id: asking.origin._id },
        {
          ...done,
          onSuccess: () => notify.success(T.originRemoved),
          onError: (err) => notify.error(statusOf(err) === 409 ? T.originInUse : T.changeError),
        },
      );
      return;
    }
    const module = asking.module.module;
    if (asking.kind === 'promote') {
      promote.mutate(
        { module },
        { ...done, onSuccess: () => notify.success(T.promoted), onError: () => notify.error(T.changeError) },
      );
    } else if (asking.kind === 'rollback') {
      rollback.mutate(
        { module },
        {
          ...done,
          onSuccess: () => notify.success(T.rolledBack),
          onError: () => notify.error(T.changeError),
        },
      );
    } else {
      createKey.mutate({ module }, { ...done, onSuccess: setShown, onError: () => notify.error(T.keyError) });
    }
  };

  return (
    <Page title={T.title} maxW="5xl" testId="modules-page">
      <Text>{T.intro}</Text>
      <PageState query={overview} errorText={T.loadError} loading={<LoadingSkeleton rows={4} />}>
        {(data) => (
          <Stack gap="4">
            <Note data-testid="canary-threshold">
              {T.threshold(Math.round(data.threshold.max_failure_rate * 100), data.threshold.min_loads)}
            </Note>
            {data.modules.map((m) => (
              <ModuleCard key={m.module} module={m} ask={setAsking} />
            ))}
            <OriginsSection origins={data.origins} ask={setAsking} />
          </Stack>
        )}
      </PageState>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? question(asking) : ''}
        loading={pending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
      <DialogShell
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown ? T.keyTitle(shown.module) : ''}
        testId="deploy-key"
      >
        <Stack gap="3">
          <Text>{T.keyOnce}</Text>
          <Input
            readOnly
            aria-label={T.deployKey}
            value={shown?.key ?? ''}
            fontFamily="mono"
            onFocus={(e) => e.target.select()}
          />
        </Stack>
      </DialogShell>
    </Page>
  );
}
