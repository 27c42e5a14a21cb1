/**
 * A person on a shared device names themselves by PIN for each action (docs/PRODUCT.md, "Signing
 * in on the floor"): on a device session (a kitchen tablet) every move, call done, bill closed
 * and take-over first asks «PIN kodingiz», then goes with the PIN, and the server records it
 * under that person. A wrong PIN is said in the dialog, which stays open; a locked device says
 * for how long. Elsewhere the action goes at once (and asks for a PIN only if the server does).
 */
import { isApiError } from '@qrmenu/shared/api';
import { useProfile } from '@qrmenu/shared/query';
import { t } from '@qrmenu/shared/texts';
import { Button, DialogShell, Field, Flex, Input, notify, Stack } from '@qrmenu/shared/ui';
import { type FormEvent, type ReactElement, useCallback, useRef, useState } from 'react';

/** What the server said of the PIN: none sent, a wrong one, the device locked; null: not the PIN. */
export function pinProblem(error: unknown): 'required' | 'wrong' | 'locked' | null {
  if (!isApiError(error)) return null;
  const detail = error.details.find((d) => d.path === 'pin');
  if (!detail) return null;
  if (detail.message === 'locked') return 'locked';
  if (detail.message === 'wrong') return 'wrong';
  return 'required';
}

/** The Uzbek words of a PIN refusal (the lock's minutes from its Retry-After). */
export function pinProblemText(error: unknown): string | null {
  const problem = pinProblem(error);
  if (problem === 'locked') {
    const seconds = isApiError(error) ? (error.retryAfterSeconds ?? 60) : 60;
    return t.staff.pinLocked(Math.max(1, Math.ceil(seconds / 60)));
  }
  if (problem === 'wrong') return t.staff.pinWrong;
  if (problem === 'required') return t.staff.pinRequired;
  return null;
}

/** An action with the acting person's PIN (undefined when no PIN is asked). */
export type PinnedAction = (pin: string | undefined) => Promise<unknown>;

function PinDialog({
  open,
  problem,
  busy,
  onClose,
  onPin,
}: {
  open: boolean;
  problem: string | null;
  busy: boolean;
  onClose: () => void;
  onPin: (pin: string) => void;
}) {
  const [pin, setPin] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(pin)) {
      setMissing(true);
      return;
    }
    onPin(pin);
    setPin('');
  };
  const error = missing ? t.staff.pinRequired : problem;
  return (
    <DialogShell open={open} onClose={onClose} title={t.staff.pinTitle} testId="pin-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Field.Root invalid={error !== null} required>
            <Field.Label>{t.staff.pinLabel}</Field.Label>
            <Input
              name="pin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={pin}
              onChange={(e) => {
                setPin(e.target.value.replace(/\D/g, ''));
                setMissing(false);
              }}
            />
            <Field.HelperText>{t.staff.pinHint}</Field.HelperText>
            {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
          </Field.Root>
          <DialogButtons onCancel={onClose} submitText={t.staff.pinConfirm} colorPalette="blue" busy={busy} />
        </Stack>
      </form>
    </DialogShell>
  );
}

/**
 * `withPin(action)`: runs the action, on a device after asking the PIN (again while it is wrong);
 * `dialog`: the PIN's dialog, for the page to render. A failure that is not the PIN's is the
 * action's own to say (its toast): the dialog closes.
 */
export function useStaffPin(): { withPin: (action: PinnedAction) => void; dialog: ReactElement } {
  const profile = useProfile();
  const device = profile.data?.device === true;
  const pending = useRef<PinnedAction | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const ask = useCallback((action: PinnedAction, why: string | null) => {
    pending.current = action;
    setProblem(why);
    setOpen(true);
  }, []);

  const withPin = useCallback(
    (action: PinnedAction) => {
      if (device) {
        ask(action, null);
        return;
      }
      action(undefined).catch((error: unknown) => {
        // the server wants the person's PIN (a device session the profile did not know of yet)
        if (pinProblem(error)) ask(action, pinProblemText(error));
      });
    },
    [device, ask],
  );

  const onPin = (pin: string) => {
    const action = pending.current;
    if (!action) return;
    setBusy(true);
    action(pin)
      .then(() => {
        pending.current = null;
        setOpen(false);
        setProblem(null);
      })
      .catch((error: unknown) => {
        const said = pinProblemText(error);
        if (said) setProblem(said);
        else {
          pending.current = null;
          setOpen(false);
        }
      })
      .finally(() => setBusy(false));
  };

  const close = () => {
    pending.current = null;
    setOpen(false);
    setProblem(null);
  };

  return {
    withPin,
    dialog: <PinDialog open={open} problem={problem} busy={busy} onClose={close} onPin={onPin} />,
  };
}

/** The Uzbek words of a refusal of a staff member's action: not their table, not their role; null: another. */
export function staffRefusal(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const why = error.details[0]?.path;
  if (why === 'table') return t.staff.notYourTable;
  if (why === 'role') return t.staff.notYourRole;
  return null;
}

/**
 * The `catch` of a staff member's action (a move, a call done, a take-over): says its refusal in
 * a toast, the staff member's own (`staffRefusal`) or else `fallback`, logged under `what`, and
 * throws it on (the PIN dialog and the rollback need it). A PIN's refusal is the PIN dialog's to
 * say: no toast.
 */
export function sayRefusal(what: string, fallback: string | ((error: unknown) => string)) {
  return (error: unknown): never => {
    if (!pinProblem(error)) {
      console.error(what, error);
      notify.error(staffRefusal(error) ?? (typeof fallback === 'string' ? fallback : fallback(error)));
    }
    throw error;
  };
}

/** A dialog's «Bekor qilish» and its submit button: side by side, stacked (submit on top) on a phone. */
export function DialogButtons({
  onCancel,
  submitText,
  colorPalette,
  busy,
}: {
  onCancel: () => void;
  submitText: string;
  colorPalette: 'blue' | 'red';
  busy?: boolean | undefined;
}) {
  return (
    <Flex gap="2" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
      <Button type="button" variant="outline" minH="11" onClick={onCancel}>
        {t.cancel}
      </Button>
      <Button type="submit" colorPalette={colorPalette} minH="11" loading={busy}>
        {submitText}
      </Button>
    </Flex>
  );
}
