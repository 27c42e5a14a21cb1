/**
 * `/orders/settings` and `/admin/orders/:id/settings`: the switches that open and close ordering
 * (docs/ORDERS.md, "Who may order, and from where"): the whole restaurant, and each placement
 * ("Stol 5" yes, "Instagram" no), with "Hammasini yoqish" / "Hammasini o'chirish". Both are off
 * by default. A switch shows its new state at once (no toast: on a phone it would cover the next
 * switch) and goes back, with a toast, if the server refuses; only what changed is sent.
 */
import { orders } from '@qrmenu/shared/resources';
import { type OrderingSettings, POS_SEND_MODES, type PosSendMode } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  EmptyState,
  Flex,
  Heading,
  LoadingSkeleton,
  Note,
  notify,
  Page,
  PageState,
  PlainList,
  Stack,
  Switch,
  Text,
} from '@qrmenu/shared/ui';
import { type ReactNode, useId, useState } from 'react';
import { OrdersNav } from '../common/OrdersNav';
import { useOrdersRestaurant } from '../common/useOrdersRestaurant';

type Change = {
  takes_orders?: boolean;
  placements?: { _id: string; takes_orders: boolean }[];
  pos_send?: PosSendMode;
};
/** Sends a change; `settled` runs once the server has answered (or refused). */
type Save = (change: Change, settled?: () => void) => void;

/** When a POS restaurant's orders go into its POS (docs/ORDERS.md, "Into the POS"). */
function PosSending({ send, save }: { send: PosSendMode; save: Save }) {
  // the choice shows from the click itself until the server has answered, then the saved value
  // (kept, or put back on a refusal): a controlled radio waiting for the optimistic update (a few
  // tasks later) snaps back for a moment, and a click in that moment seems lost
  const [pending, setPending] = useState<PosSendMode | null>(null);
  const choice = pending ?? send;
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="lg" p="4" data-testid="pos-sending">
      <Heading as="legend" size="md" px="1">
        {t.orders.pos.settingsTitle}
      </Heading>
      <Text fontWeight="semibold" mt="1">
        {t.orders.pos.sendLegend}
      </Text>
      <Stack gap="1" mt="2">
        {POS_SEND_MODES.map((mode) => (
          <Flex as="label" key={mode} align="center" gap="2" minH="11" cursor="pointer">
            <input
              type="radio"
              name="pos-send"
              value={mode}
              checked={choice === mode}
              onChange={() => {
                setPending(mode);
                save({ pos_send: mode }, () => setPending(null));
              }}
              style={{ width: '1.25rem', height: '1.25rem' }}
            />
            <span>{t.orders.pos.send[mode]}</span>
          </Flex>
        ))}
      </Stack>
      <Text mt="2" fontSize="sm" color="fg.muted">
        {t.orders.pos.sendHint}
      </Text>
    </Box>
  );
}

function Settings({ settings, save }: { settings: OrderingSettings; save: Save }) {
  const placementsHeading = useId();
  const allOn = settings.placements.every((p) => p.takes_orders);
  const allOff = settings.placements.every((p) => !p.takes_orders);
  const setAll = (on: boolean) =>
    save({
      placements: settings.placements
        .filter((p) => p.takes_orders !== on)
        .map((p) => ({ _id: p._id, takes_orders: on })),
    });
  return (
    <Stack gap="6">
      <Box borderWidth="1px" borderRadius="lg" p="4" data-testid="restaurant-ordering">
        <OrderingSwitch
          checked={settings.takes_orders}
          onSwitch={(on) => save({ takes_orders: on })}
          caption={<Switch.Label fontWeight="semibold">{t.orders.restaurantSwitch}</Switch.Label>}
          size="lg"
        />
        <Text mt="2" fontSize="sm" color="fg.muted">
          {settings.takes_orders ? t.orders.restaurantOnHint : t.orders.restaurantOffHint}
        </Text>
      </Box>
      {settings.pos ? <PosSending send={settings.pos.send} save={save} /> : null}
      <Box as="section" aria-labelledby={placementsHeading}>
        <Heading as="h2" size="md" mb="2" id={placementsHeading}>
          {t.orders.placementsTitle}
        </Heading>
        <Note mb="3">{t.orders.placementsHint}</Note>
        {!settings.takes_orders && settings.placements.length > 0 ? (
          <Text fontSize="sm" color="orange.800" mb="3" data-testid="restaurant-off-note">
            {t.orders.placementsWhileOff}
          </Text>
        ) : null}
        {settings.placements.length === 0 ? (
          <EmptyState message={t.orders.noPlacements} />
        ) : (
          <>
            <Flex gap="2" wrap="wrap" mb="3">
              {(
                [
                  [true, 'green', allOn, t.orders.allOn],
                  [false, 'red', allOff, t.orders.allOff],
                ] as const
              ).map(([on, palette, already, text]) => (
                <Button
                  key={text}
                  minH="11"
                  variant="outline"
                  colorPalette={palette}
                  disabled={already}
                  onClick={() => setAll(on)}
                >
                  {text}
                </Button>
              ))}
            </Flex>
            <PlainList display="grid" gap="1" data-testid="placement-switches">
              {settings.placements.map((p) => (
                <Box as="li" key={p._id} borderBottomWidth="1px" py="1">
                  <OrderingSwitch
                    checked={p.takes_orders}
                    onSwitch={(on) => save({ placements: [{ _id: p._id, takes_orders: on }] })}
                    caption={<Switch.Label overflowWrap="anywhere">{p.name}</Switch.Label>}
                    w="full"
                    justifyContent="space-between"
                    flexDirection="row-reverse"
                  />
                </Box>
              ))}
            </PlainList>
          </>
        )}
      </Box>
    </Stack>
  );
}

/** A green «takes orders» switch (role switch, 44 px high): the restaurant's or a place's. */
function OrderingSwitch({
  checked,
  onSwitch,
  caption,
  ...root
}: { checked: boolean; onSwitch: (on: boolean) => void; caption: ReactNode } & Omit<
  Switch.RootProps,
  'checked' | 'onCheckedChange'
>) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(e) => onSwitch(e.checked)}
      colorPalette="green"
      minH="11"
      {...root}
    >
      <Switch.HiddenInput role="switch" />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      {caption}
    </Switch.Root>
  );
}

export default function OrderingSettingsPage() {
  const { restaurantId, linkId, missing } = useOrdersRestaurant();
  const { isManager } = useSession();
  const settings = orders.useSettings(restaurantId);
  const update = orders.useUpdateSettings();
  const save: Save = (change, settled) => {
    if (change.placements?.length === 0 && change.takes_orders === undefined && !change.pos_send) return;
    update.mutate(
      { ...change, ...(restaurantId ? { restaurantId } : {}) },
      {
        onError: (error) => {
          console.error('[orders] ordering switches', error);
          notify.error(t.orders.saveError);
        },
        onSettled: settled,
      },
    );
  };
  return (
    <Page
      title={t.orders.settingsTitle}
      back={isManager ? undefined : true}
      maxW="3xl"
      testId="ordering-settings"
    >
      <OrdersNav restaurantId={linkId} />
      <PageState
        query={settings}
        errorText={t.orders.settingsLoadError}
        {...missing}
        isEmpty={() => false}
        loading={<LoadingSkeleton rows={4} height="12" />}
      >
        {(data) => <Settings settings={data} save={save} />}
      </PageState>
    </Page>
  );
}
