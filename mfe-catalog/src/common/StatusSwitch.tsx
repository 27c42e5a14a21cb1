import { t } from '@qrmenu/shared/texts';
import { notify, Switch } from '@qrmenu/shared/ui';

export interface StatusSwitchProps {
  /** The stored state (the server's last answer): the switch never shows a guess. */
  active: boolean;
  /** What it switches, for its accessible name ("<name> holati"). */
  name: string;
  /** The call with `{is_active}` only; resolves once the lists show the new state. */
  change: (next: boolean) => Promise<unknown>;
  pending: boolean;
  successText: string;
  errorText: string;
  testId?: string;
}

/**
 * The Faol/Nofaol toggle of a category or product row: disabled while its call is in flight (the
 * call ends after the refetch), so it flips only when the server's answer is on screen. 44 px
 * target (the manager's phone).
 */
export function StatusSwitch({
  active,
  name,
  change,
  pending,
  successText,
  errorText,
  testId,
}: StatusSwitchProps) {
  const toggle = async (next: boolean) => {
    try {
      await change(next);
      notify.success(successText);
    } catch {
      notify.error(errorText);
    }
  };
  return (
    <Switch.Root
      checked={active}
      disabled={pending}
      onCheckedChange={(e) => void toggle(e.checked)}
      colorPalette="green"
      minH="11"
      minW="11"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      data-testid={testId}
      data-active={active ? 'true' : 'false'}
    >
      {/* the browser would tick the input at once: it waits for the stored state instead */}
      <Switch.HiddenInput onClick={(e) => e.preventDefault()} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      {/* named by its row ("Salatlar holati"); the Faol/Nofaol badge beside it shows the state */}
      <Switch.Label srOnly>{t.statusOf(name)}</Switch.Label>
    </Switch.Root>
  );
}
