import { Box, Flex, Heading } from '@qrmenu/shared/ui';
import { type ReactNode, useId } from 'react';

/**
 * A framed part of a restaurant's page under its h2 (named by it), what it offers beside the
 * heading (a link to the board): «Bugungi buyurtmalar», «Tashriflar».
 */
export function DetailPanel({
  title,
  actions,
  testId,
  children,
}: {
  title: string;
  actions?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '5' }}
      mt="4"
      data-testid={testId}
    >
      <Flex justify="space-between" align="center" gap="2" wrap="wrap" mb="3">
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        {actions}
      </Flex>
      {children}
    </Box>
  );
}
