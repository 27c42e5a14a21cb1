/**
 * The restaurant's Payme and Click credentials on its detail page, for admins (docs/PAYMENTS.md,
 * "Setting a restaurant up"): the ids, and whether each secret is saved (never the secret itself);
 * a secret left empty keeps the saved one. Guests see «To'lash» once a provider is complete.
 */
import { useChangePaymentSettings, usePaymentSettings } from '@qrmenu/shared/query';
import type { PaymentSettings, PaymentSettingsBody } from '@qrmenu/shared/schemas';
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

/**
 * The form's fields, each a provider's id (shown as saved, changed as typed) or its secret (never
 * shown: typed anew, «saqlangan» under it once one is saved).
 */
const FIELDS = [
  { name: 'paymeId', label: W.paymeMerchantId, saved: (s: PaymentSettings) => s.payme.merchant_id },
  { name: 'paymeKey', label: W.paymeKey, secretSet: (s: PaymentSettings) => s.payme.key_set },
  { name: 'clickService', label: W.clickServiceId, saved: (s: PaymentSettings) => s.click.service_id },
  { name: 'clickMerchant', label: W.clickMerchantId, saved: (s: PaymentSettings) => s.click.merchant_id },
  { name: 'clickSecret', label: W.clickSecret, secretSet: (s: PaymentSettings) => s.click.secret_set },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];

export function PaymentsPanel({ restaurantId }: { restaurantId: string }) {
  const settings = usePaymentSettings(restaurantId);
  const change = useChangePaymentSettings();
  const s = settings.data;
  // what was typed since the last save; a field not typed in shows what is saved
  const [typed, setTyped] = useState<Partial<Record<FieldName, string>>>({});
  if (!s) return null;
  const value = (field: (typeof FIELDS)[number]) =>
    typed[field.name] ?? ('saved' in field ? field.saved(s) : undefined) ?? '';
  const ids = Object.fromEntries(FIELDS.map((f) => [f.name, value(f).trim()])) as Record<FieldName, string>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: PaymentSettingsBody = {};
    if (ids.paymeId)
      body.payme = { merchant_id: ids.paymeId, ...(typed.paymeKey ? { key: typed.paymeKey } : {}) };
    if (ids.clickService && ids.clickMerchant)
      body.click = {
        service_id: ids.clickService,
        merchant_id: ids.clickMerchant,
        ...(typed.clickSecret ? { secret_key: typed.clickSecret } : {}),
      };
    change.mutate(
      { restaurantId, body },
      {
        onSuccess: () => {
          setTyped({});
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
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            value={value(field)}
            secret={'secretSet' in field}
            onChange={(v) => setTyped({ ...typed, [field.name]: v })}
            hint={'secretSet' in field && field.secretSet(s) ? W.secretHint : undefined}
          />
        ))}
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
