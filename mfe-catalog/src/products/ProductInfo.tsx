import type { ProductDetail } from '@qrmenu/shared/schemas';
import { formatSom, optionRuleLabel, t } from '@qrmenu/shared/texts';
import {
  Box,
  Heading,
  HStack,
  ImageOrDefault,
  Note,
  SimpleGrid,
  Stack,
  StatusBadge,
  Text,
} from '@qrmenu/shared/ui';
import type { ReactNode } from 'react';

const two = (n: number) => String(n).padStart(2, '0');
/** "23.11.2026 15:50" in the browser's time zone (the uz locale's own format reads "2026 M11 23"). */
const when = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
};

function Info({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box minW="0" data-testid={testId}>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="medium" overflowWrap="anywhere" whiteSpace="pre-line">
        {children}
      </Text>
    </Box>
  );
}

/** The pictures (the default one when none), every field, the category, the options with rows. */
export function ProductInfo({ product }: { product: ProductDetail }) {
  const pictures = product.images.length > 0 ? product.images.map((i) => i.file) : [null];
  return (
    <Stack gap="5">
      <SimpleGrid
        columns={{ base: 1, sm: Math.min(pictures.length, 3) }}
        gap="2"
        data-testid="product-images"
      >
        {pictures.map((src, i) => (
          <ImageOrDefault
            // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may be listed twice
            key={`${src}-${i}`}
            src={src}
            alt={src ? `${product.name} (${i + 1})` : t.noImagesYet}
            w="100%"
            h={{ base: '48', md: '64' }}
            // up to three a row from the sm breakpoint on, one a row on a phone
            sizes="(min-width: 30em) 33vw, 100vw"
            borderRadius="lg"
            data-testid="product-image"
          />
        ))}
      </SimpleGrid>
      <HStack gap="3" flexWrap="wrap">
        <Heading
          as="h2"
          size="xl"
          color={product.is_active ? 'green.700' : 'red.700'}
          data-testid="product-title"
        >
          {product.name}
        </Heading>
        <StatusBadge active={product.is_active} />
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Info label={t.fields.price} testId="product-price">
          {formatSom(product.price)}
        </Info>
        <Info label={t.fields.category} testId="product-category">
          {product.category.name}
        </Info>
        <Info label={t.fields.createdAt}>{when(product.createdAt)}</Info>
        <Info label={t.fields.updatedAt}>{when(product.updatedAt)}</Info>
      </SimpleGrid>
      <Info label={t.fields.description} testId="product-description">
        {product.description || '—'}
      </Info>
      <Box>
        <Heading as="h3" size="md" mb="2">
          {t.options}
        </Heading>
        {product.options.length === 0 ? (
          <Text color="fg.muted">{t.noOptions}</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" data-testid="product-options">
            {product.options.map((o) => (
              <Box key={o._id} borderWidth="1px" borderRadius="md" p="3" data-testid="product-option">
                <Text fontWeight="semibold">{o.name}</Text>
                <Note>{optionRuleLabel(o.min_choices, o.max_choices)}</Note>
                {o.rows.length === 0 ? (
                  <Note>{t.noOptionRows}</Note>
                ) : (
                  <Box as="ul" listStyleType="none" mt="1">
                    {o.rows.map((r) => (
                      <HStack as="li" key={r._id} justify="space-between" gap="3" fontSize="sm">
                        <Text as="span">{r.name}</Text>
                        <Text as="span" whiteSpace="nowrap">{`+${formatSom(r.price)}`}</Text>
                      </HStack>
                    ))}
                  </Box>
                )}
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Box>
    </Stack>
  );
}
