/**
 * The POS connect dialog: the provider and its credentials, then the iiko organizations / Poster
 * spots to choose from, a preview (categories, products, options, pictures), a manager, and the
 * import with a progress bar. Errors come from the API in Uzbek: credentials the POS refused
 * (422, `details` naming `credentials.<field>`) show under their field, the rest as a notice.
 */
import { ApiError } from '@qrmenu/shared/api';
import { usePosImport, usePosLocations, usePosPreview } from '@qrmenu/shared/query';
import { POS_PROVIDERS, type PosPreview, type PosProvider } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  ChoiceField,
  DialogShell,
  Field,
  type FormDialogState,
  Input,
  notify,
  Stack,
  Text,
} from '@qrmenu/shared/ui';
import { useState } from 'react';
import { useManagerOptions } from '../managers/useManagerOptions';

/** The credential fields of each provider (labels from the catalogue); every one is secret. */
const FIELDS: Record<PosProvider, { name: string; label: string }[]> = {
  iiko: [{ name: 'apiLogin', label: t.posApiLogin }],
  poster: [
    { name: 'token', label: t.posPosterToken },
    { name: 'appSecret', label: t.posPosterAppSecret },
  ],
};
const PROVIDER_LABEL: Record<PosProvider, string> = { iiko: t.posProviderIiko, poster: t.posProviderPoster };

const messageOf = (err: unknown) =>
  err instanceof ApiError && err.message ? err.message : t.posErrorUnreachable;

/** The credential fields the POS refused, with the API's Uzbek message for each. */
function refusedFields(err: unknown, fields: readonly { name: string }[]): Record<string, string> {
  if (!(err instanceof ApiError) || err.status !== 422) return {};
  const refused: Record<string, string> = {};
  for (const d of err.details) {
    if (d.path === 'credentials') for (const f of fields) refused[f.name] = d.message;
    else if (d.path.startsWith('credentials.')) refused[d.path.slice('credentials.'.length)] = d.message;
  }
  return refused;
}

export function PosConnectDialog({ dialog }: { dialog: FormDialogState<never> }) {
  const [provider, setProvider] = useState<PosProvider>('iiko');
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [locationId, setLocationId] = useState('');
  const [managerId, setManagerId] = useState('');
  const [preview, setPreview] = useState<PosPreview | null>(null);
  const [webhookToken, setWebhookToken] = useState<string | null>(null);
  const [refused, setRefused] = useState<Record<string, string>>({});
  const locations = usePosLocations();
  const previewCall = usePosPreview();
  const importCall = usePosImport();
  const { managers } = useManagerOptions({ enabled: dialog.open });
  const fields = FIELDS[provider];
  const filled = fields.every((f) => (credentials[f.name] ?? '').trim() !== '');
  /** A refusal of the credentials under their fields; any other failure as a notice. */
  const failed = (err: unknown) => {
    const byField = refusedFields(err, fields);
    setRefused(byField);
    if (Object.keys(byField).length === 0) notify.error(messageOf(err));
  };

  const connect = () => {
    setPreview(null);
    setLocationId('');
    setRefused({});
    locations.mutateAsync({ provider, credentials }).catch(failed);
  };
  const showPreview = (id: string) => {
    setLocationId(id);
    setPreview(null);
    if (id) previewCall.mutateAsync({ provider, credentials, location_id: id }).then(setPreview, failed);
  };
  const runImport = () => {
    if (!locationId || !managerId) {
      notify.error(t.selectRestaurantAndManager);
      return;
    }
    importCall
      .mutateAsync({ provider, credentials, location_id: locationId, manager_id: managerId })
      .then((answer) => {
        notify.success(t.posImported);
        if (provider === 'iiko') setWebhookToken(answer.webhook_token);
        else dialog.close();
      }, failed);
  };

  return (
    <DialogShell open={dialog.open} onClose={dialog.close} title={t.posAdd} size="lg" testId="pos-connect">
      <Stack gap="5">
        <Stack gap="3" as="section" aria-label={t.posStepCredentials}>
          <Text fontWeight="semibold">{t.posStepCredentials}</Text>
          <ChoiceField
            label={t.posProvider}
            name="provider"
            value={provider}
            onPick={(next) => {
              setProvider(next as PosProvider);
              setCredentials({});
              setRefused({});
              locations.reset();
            }}
            choices={POS_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABEL[p] }))}
          />
          {fields.map((f) => (
            <Field.Root key={`${provider}-${f.name}`} required invalid={!!refused[f.name]}>
              <Field.Label>{f.label}</Field.Label>
              <Input
                name={f.name}
                type="password"
                autoComplete="off"
                value={credentials[f.name] ?? ''}
                // the refusal is read with the field (the field kit does not link a late error text)
                aria-describedby={refused[f.name] ? `pos-refused-${f.name}` : undefined}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setCredentials((c) => ({ ...c, [f.name]: value }));
                  setRefused((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== f.name)));
                }}
              />
              {refused[f.name] ? (
                <Field.ErrorText id={`pos-refused-${f.name}`}>{refused[f.name]}</Field.ErrorText>
              ) : null}
            </Field.Root>
          ))}
          <Button
            alignSelf="start"
            colorPalette="blue"
            disabled={!filled}
            loading={locations.isPending}
            onClick={connect}
          >
            {t.posConnect}
          </Button>
        </Stack>

        {locations.data ? (
          <Stack gap="3" as="section" aria-label={t.posStepLocation}>
            <Text fontWeight="semibold">{t.posStepLocation}</Text>
            <ChoiceField
              label={provider === 'iiko' ? t.posOrganization : t.posSpot}
              name="location_id"
              value={locationId}
              onPick={showPreview}
              first={{ value: '', label: t.posChooseLocation }}
              choices={locations.data.map((l) => ({ value: l.id, label: l.name }))}
            />
            {previewCall.isPending ? <progress aria-label={t.posPreview} /> : null}
            {preview ? (
              <Box borderWidth="1px" borderRadius="md" p="3" data-testid="pos-preview">
                <Text fontWeight="semibold">{preview.name}</Text>
                <Text>{t.posPreviewCounts(preview)}</Text>
              </Box>
            ) : null}
          </Stack>
        ) : null}

        {preview ? (
          <Stack gap="3" as="section" aria-label={t.posStepImport}>
            <Text fontWeight="semibold">{t.posStepImport}</Text>
            <ChoiceField
              required
              label={t.fields.manager_id}
              name="manager_id"
              value={managerId}
              onPick={setManagerId}
              first={{ value: '', label: '—' }}
              choices={managers.map((m) => ({ value: m._id, label: m.login }))}
            />
            {importCall.isPending ? (
              <Stack gap="1">
                <Text>{t.posImporting}</Text>
                {/* the import is one request: an indeterminate bar while it runs */}
                <progress aria-label={t.posImporting} style={{ width: '100%' }} />
              </Stack>
            ) : null}
            {webhookToken ? (
              <Field.Root>
                <Field.Label>{t.posWebhookToken}</Field.Label>
                <Input readOnly value={webhookToken} data-testid="pos-webhook-token" />
              </Field.Root>
            ) : (
              <Button
                alignSelf="start"
                colorPalette="green"
                loading={importCall.isPending}
                onClick={runImport}
              >
                {t.posImport}
              </Button>
            )}
          </Stack>
        ) : null}
      </Stack>
    </DialogShell>
  );
}
