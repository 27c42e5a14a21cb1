/**
 * Horizontal bars, drawn with the page's own boxes rather than SVG so that names and values keep
 * the text's size at any width (a phone's 375 px or a desktop's): one row per item (a dish, a
 * method, a placement, a restaurant), its name above its bars, each bar as long as its share of
 * the largest value, its value at the row's end; one or two series (views and orders). One
 * `role="img"` named by the summary; the rows inside are a picture only (the numbers are the
 * figure's table).
 */
import { Box, Flex, Text } from '@qrmenu/shared/ui';

export function HBarChart({
  rows,
  series,
  summary,
  format,
  testId,
}: {
  rows: readonly { key: string; label: string; values: readonly number[] }[];
  series: readonly { label: string; color: string }[];
  summary: string;
  format: (v: number) => string;
  testId?: string;
}) {
  const max = Math.max(1, ...rows.flatMap((r) => r.values));
  return (
    <Box role="img" aria-label={summary} data-testid={testId} maxW="40rem">
      <Box aria-hidden="true" display="grid" gap="2">
        {rows.map((row) => (
          <Box key={row.key}>
            <Text fontSize="sm" lineHeight="short" overflowWrap="anywhere">
              {row.label}
            </Text>
            {row.values.map((v, k) => (
              <Flex key={series[k]?.label} align="center" gap="2">
                <Box flex="1" minW="0">
                  <Box
                    h="2.5"
                    borderRadius="sm"
                    bg={series[k]?.color}
                    w={`${(v / max) * 100}%`}
                    minW={v > 0 ? '2px' : '0'}
                  />
                </Box>
                <Text fontSize="xs" whiteSpace="nowrap" minW="16" textAlign="end">
                  {format(v)}
                </Text>
              </Flex>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
