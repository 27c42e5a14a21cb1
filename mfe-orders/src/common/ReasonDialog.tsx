/**
 * A dialog that asks why, as the board asks before «Rad etish» and before an admin ends a guest's
 * payment hold: a few usual reasons fill the field with one tap (a waiter types little on a
 * phone); the field is required and as long as the contract allows.
 */
import { Button, DialogShell, Field, Flex, Stack, Text, Textarea } from '@qrmenu/shared/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { DialogButtons } from './pin';

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  /** A line above the reasons, if any. */
  hint?: string;
  /** The usual reasons, one tap each. */
  reasons: readonly string[];
  label: string;
  /** Said under the field when it is sent empty. */
  requiredText: string;
  maxLength: number;
  submitText: string;
  busy?: boolean;
  /** The reason, trimmed and not empty. */
  onSubmit: (reason: string) => void;
}

export function ReasonDialog({
  open,
  onClose,
  title,
  testId,
  hint,
  reasons,
  label,
  requiredText,
  maxLength,
  submitText,
  busy,
  onSubmit,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      return;
    }
    onSubmit(text);
  };

  return (
    <DialogShell open={open} onClose={onClose} title={title} testId={testId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {hint ? <Text>{hint}</Text> : null}
          <Flex gap="2" wrap="wrap">
            {reasons.map((quick) => (
              <Button
                key={quick}
                type="button"
                size="sm"
                minH="11"
                variant="outline"
                onClick={() => {
                  setReason(quick);
                  setMissing(false);
                }}
              >
                {quick}
              </Button>
            ))}
          </Flex>
          <Field.Root invalid={missing} required>
            <Field.Label>{label}</Field.Label>
            <Textarea
              name="reason"
              value={reason}
              maxLength={maxLength}
              rows={3}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
            />
            {missing ? <Field.ErrorText>{requiredText}</Field.ErrorText> : null}
          </Field.Root>
          <DialogButtons onCancel={onClose} submitText={submitText} colorPalette="red" busy={busy} />
        </Stack>
      </form>
    </DialogShell>
  );
}
