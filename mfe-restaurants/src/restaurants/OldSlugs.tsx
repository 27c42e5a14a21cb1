/**
 * «Eski manzillar» on the admin's restaurant detail: the restaurant's old slugs (its printed QR
 * codes' redirects, the last 5 kept), each with «Bo'shatish»: after Ha / Yo'q the slug stops
 * redirecting and another restaurant may take it. Nothing shows while it has none.
 */
import { useOldSlugs, useReleaseOldSlug } from '@qrmenu/shared/query';
import { t } from '@qrmenu/shared/texts';
import { Button, ConfirmDialog, HStack, notify, Section, Stack, Text } from '@qrmenu/shared/ui';
import { useState } from 'react';

export function OldSlugs({ restaurantId }: { restaurantId: string }) {
  const slugs = useOldSlugs(restaurantId);
  const release = useReleaseOldSlug();
  const [asked, setAsked] = useState<string | null>(null);
  const list = slugs.data ?? [];
  if (list.length === 0) return null;
  const confirm = async () => {
    if (!asked) return;
    try {
      await release.mutateAsync({ restaurantId, slug: asked });
      notify.success(t.oldSlugReleased);
    } catch {
      notify.error(t.oldSlugReleaseError);
    } finally {
      setAsked(null);
    }
  };
  return (
    <Section title={t.oldSlugs} hint={t.oldSlugsHint} mt="5" data-testid="old-slugs">
      <Stack as="ul" gap="1" listStyleType="none" ps="0">
        {list.map(({ slug }) => (
          <HStack as="li" key={slug} justify="space-between" gap="2">
            <Text as="span" fontFamily="mono" wordBreak="break-all">
              /m/{slug}
            </Text>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              aria-label={t.releaseOldSlugOf(slug)}
              onClick={() => setAsked(slug)}
            >
              {t.releaseOldSlug}
            </Button>
          </HStack>
        ))}
      </Stack>
      <ConfirmDialog
        open={asked !== null}
        title={asked ? t.releaseOldSlugQuestion(asked) : ''}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
        loading={release.isPending}
      />
    </Section>
  );
}
