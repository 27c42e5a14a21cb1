import { Box, Flex } from '@chakra-ui/react';
import { t } from '../texts';

/** What a chart's colours stand for: a list «Belgilar», a swatch (read by none) beside each name. */
export function ChartLegend({ items }: { items: readonly { label: string; color: string }[] }) {
  return (
    <Flex as="ul" listStyleType="none" gap="4" fontSize="sm" wrap="wrap" aria-label={t.reports.legend}>
      {items.map((item) => (
        <Flex as="li" key={item.label} align="center" gap="1">
          <Box
            as="span"
            display="inline-block"
            w="3"
            h="3"
            borderRadius="sm"
            bg={item.color}
            aria-hidden="true"
          />
          {item.label}
        </Flex>
      ))}
    </Flex>
  );
}
