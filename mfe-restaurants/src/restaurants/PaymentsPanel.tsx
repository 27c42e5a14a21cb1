/**
 * The restaurant's Payme and Click credentials on its detail page, for admins (docs/PAYMENTS.md,
 * "Setting a restaurant up"): the ids, and whether each secret is saved (never the secret itself);
 * a secret left empty keeps the saved one. Guests see «To'lash» once a provider is complete.
 */
import { useChangePaymentSettings, usePaymentSettings } from '@qrmenu/shared/query';
import type { PaymentSettingsBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, Field, Heading, Input, notify, SimpleGrid, Stack, Text } from '@qrmenu/shared/ui';
import { type FormEvent, useId, useState } from 'react';

const W = t.payments;

function TextField({
  label,
  value,
  onChange,
  hint,
  secret,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: string | undefined;
  secret?: boolean;
}) {
  const id = useId();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Input
        id={id}
        value={value}
        type={secret ? 'password' : 'text'}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}

export function PaymentsPanel({ restaurantId }: { restaurantId: string }) {
  const settings = usePaymentSettings(restaurantId);
  const change = useChangePaymentSettings();
  const s = settings.data;
  const [payme, setPayme] = useState<{ merchant_id?: string; key: string }>({ key: '' });
  const [click, setClick] = useState<{ service_id?: string; merchant_id?: string; secret_key: string }>({
    secret_key: '',
  });
  if (!s) return null;
  const paymeId = payme.merchant_id ?? s.payme.merchant_id ?? '';
  const clickService = click.service_id ?? s.click.service_id ?? '';
  const clickMerchant = click.merchant_id ?? s.click.merchant_id ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: PaymentSettingsBody = {};
    if (paymeId.trim())
      body.payme = { merchant_id: paymeId.trim(), ...(payme.key ? { key: payme.key } : {}) };
    if (clickService.trim() && clickMerchant.trim())
      body.click = {
        service_id: clickService.trim(),
        merchant_id: clickMerchant.trim(),
        ...(click.secret_key ? { secret_key: click.secret_key } : {}),
      };
    change.mutate(
      { restaurantId, body },
      {
        onSuccess: () => {
          setPayme({ key: '' });
          setClick({ secret_key: '' });
          notify.success(W.saved);
        },
        onError: () => notify.error(W.saveError),
      },
    );
  };

  return (
    <Stack as="form" gap="3" onSubmit={submit} data-testid="payments-panel">
      <Heading as="h2" size="md">
        {W.settingsTitle}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField
          label={W.paymeMerchantId}
          value={paymeId}
          onChange={(v) => setPayme({ ...payme, merchant_id: v })}
        />
        <TextField
          label={W.paymeKey}
          value={payme.key}
          secret
          onChange={(v) => setPayme({ ...payme, key: v })}
          hint={s.payme.key_set ? W.secretHint : undefined}
        />
        <TextField
          label={W.clickServiceId}
          value={clickService}
          onChange={(v) => setClick({ ...click, service_id: v })}
        />
        <TextField
          label={W.clickMerchantId}
          value={clickMerchant}
          onChange={(v) => setClick({ ...click, merchant_id: v })}
        />
        <TextField
          label={W.clickSecret}
          value={click.secret_key}
          secret
          onChange={(v) => setClick({ ...click, secret_key: v })}
          hint={s.click.secret_set ? W.secretHint : undefined}
        />
      </SimpleGrid>
      <Text fontSize="sm" role="status">
        Payme: {s.payme.key_set && s.payme.merchant_id ? W.on : W.off} · Click:{' '}
        {s.click.secret_set && s.click.service_id ? W.on : W.off}
      </Text>
      <Button type="submit" alignSelf="start" loading={change.isPending}>
        {t.save}
      </Button>
    </Stack>
  );
}
