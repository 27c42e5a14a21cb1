/**
 * Beside the board's title: the "Ovozni yoqish" switch (a tap unlocks the browser's audio) and
 * the live connection's state, said politely to screen readers when it changes.
 */
import { t } from '@qrmenu/shared/texts';
import { Badge, HStack, Switch } from '@qrmenu/shared/ui';
import { useSyncExternalStore } from 'react';
import { liveState, subscribeLive } from '../live/liveBoard';
import { isSoundOn, setSound, subscribeSound } from '../live/sound';

export function LiveControls() {
  const sound = useSyncExternalStore(subscribeSound, isSoundOn);
  const state = useSyncExternalStore(subscribeLive, liveState);
  const open = state === 'open';
  return (
    <HStack gap="3" flexWrap="wrap">
      <Switch.Root
        checked={sound}
        onCheckedChange={(e) => void setSound(e.checked)}
        colorPalette="green"
        size="lg"
        minH="11"
        title={t.orders.soundHint}
      >
        <Switch.HiddenInput role="switch" />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{t.orders.soundOn}</Switch.Label>
      </Switch.Root>
      <Badge
        role="status"
        aria-live="polite"
        colorPalette={open ? 'green' : 'orange'}
        size="lg"
        data-testid="live-state"
        data-state={state}
      >
        {open ? t.orders.connected : t.orders.reconnecting}
      </Badge>
    </HStack>
  );
}
