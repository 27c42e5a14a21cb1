/**
 * Under the restaurant form's bot fields (docs/TELEGRAM.md): which bot and chat Telegram confirmed
 * when they were saved, whether buttons and commands can reach this server, and «Sinov xabari»,
 * which posts a test message at once and says why when it cannot.
 */
import { isApiError } from '@qrmenu/shared/api';
import { serverDetailText } from '@qrmenu/shared/forms';
import { useTelegramStatus, useTelegramTest } from '@qrmenu/shared/query';
import { t } from '@qrmenu/shared/texts';
import { Button, HStack, notify, Stack, Text } from '@qrmenu/shared/ui';

/** The refusal's reason in Uzbek (the API's `telegram: <code>` detail). */
function failureText(error: unknown): string {
  const detail = isApiError(error) ? error.details[0]?.message : undefined;
  return detail ? `${t.telegram.testFailed}: ${serverDetailText(detail)}` : t.telegram.testFailed;
}

export function TelegramPanel({ restaurantId }: { restaurantId: string }) {
  const status = useTelegramStatus(restaurantId);
  const test = useTelegramTest();
  const s = status.data;
  if (!s) return null;
  const send = () =>
    test.mutate(restaurantId, {
      onSuccess: () => notify.success(t.telegram.testSent),
      onError: (error) => notify.error(failureText(error)),
    });
  return (
    <Stack gap="2" data-testid="telegram-panel" gridColumn={{ md: 'span 2' }}>
      <HStack gap="3" flexWrap="wrap">
        <Text role="status" fontSize="sm">
          {s.connected && s.bot_username
            ? t.telegram.connected(s.bot_username, s.chat_title)
            : t.telegram.notConnected}
        </Text>
        {s.connected && s.chat_title ? (
          <Button size="sm" variant="outline" onClick={send} loading={test.isPending}>
            {t.telegram.testButton}
          </Button>
        ) : null}
      </HStack>
      {s.connected && !s.webhook ? (
        <Text fontSize="sm" color="orange.800">
          {t.telegram.noWebhook}
        </Text>
      ) : null}
    </Stack>
  );
}
