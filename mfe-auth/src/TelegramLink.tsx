/**
 * A staff member's own Telegram (docs/TELEGRAM.md, "A staff member's own chat"), on their
 * profile: linked or not; «Telegramni ulash» asks the server for a one-time code and shows it with
 * the link that opens the restaurant's bot with it (`/start <code>`), until when it works;
 * «Uzish» unlinks. The profile is read again when the page comes back to the tab (the bot linked
 * the account meanwhile).
 */
import { queryClient, queryKeys, useTelegramLinkCode, useUnlinkOwnTelegram } from '@qrmenu/shared/query';
import type { TelegramLinkCode } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Badge, Button, Link, Note, notify, Section, Stack, Text } from '@qrmenu/shared/ui';
import { useEffect, useState } from 'react';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('uz-UZ', {
    timeZone: 'Asia/Tashkent',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

export function TelegramLink({ linked }: { linked: boolean }) {
  const codeOf = useTelegramLinkCode();
  const unlink = useUnlinkOwnTelegram();
  const [code, setCode] = useState<TelegramLinkCode | null>(null);
  // the bot links the account in Telegram: back in this tab, the profile says so
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: queryKeys.profile() });
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, []);
  useEffect(() => {
    if (linked) setCode(null);
  }, [linked]);

  return (
    <Section title={t.staff.telegramTitle} data-testid="telegram-link">
      {linked ? (
        <>
          <Badge alignSelf="start" colorPalette="green" size="lg">
            {t.staff.linked}
          </Badge>
          <Text>{t.staff.telegramLinkedHint}</Text>
          <Button
            minH="11"
            variant="outline"
            alignSelf="flex-start"
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: () => notify.success(t.staff.unlinked),
                onError: () => notify.error(t.staff.linkError),
              })
            }
          >
            {t.staff.unlink}
          </Button>
        </>
      ) : (
        <>
          <Text>{t.staff.telegramNotLinked}</Text>
          {code ? (
            code.bot_username ? (
              <Stack gap="2" data-testid="telegram-code">
                <Text>{t.staff.linkSteps(code.bot_username)}</Text>
                <Text>
                  {t.staff.linkCode}:{' '}
                  <Text
                    as="span"
                    fontFamily="mono"
                    bg="gray.100"
                    px="1"
                    borderRadius="sm"
                    wordBreak="break-all"
                  >
                    /start {code.code}
                  </Text>
                </Text>
                {code.link ? (
                  <Button asChild minH="11" colorPalette="blue" alignSelf="flex-start">
                    <Link href={code.link} target="_blank" rel="noreferrer">
                      {t.staff.linkOpen}
                    </Link>
                  </Button>
                ) : null}
                <Note>{t.staff.linkExpires(time(code.expires_at))}</Note>
              </Stack>
            ) : (
              <Text role="status">{t.staff.noBot}</Text>
            )
          ) : null}
          <Button
            minH="11"
            colorPalette="blue"
            variant={code ? 'outline' : 'solid'}
            alignSelf="flex-start"
            loading={codeOf.isPending}
            onClick={() =>
              codeOf.mutate(undefined, {
                onSuccess: setCode,
                onError: () => notify.error(t.staff.linkError),
              })
            }
          >
            {t.staff.linkButton}
          </Button>
        </>
      )}
    </Section>
  );
}
