import { Box, type BoxProps, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/**
 * A part of a page under its own heading, named by it (`aria-labelledby`): «Qurilmalar», «Stollar
 * va zonalar», «Telegram», a dialog's «Joylar». `level` 2 is a page's part (h2), 3 a part within
 * one (h3, smaller); `hint` is the muted line under the heading, `actions` what the part offers
 * beside it (a link to the board).
 */
export function Section({
  title,
  hint,
  level = 2,
  actions,
  children,
  ...box
}: {
  title: ReactNode;
  hint?: ReactNode;
  level?: 2 | 3;
  actions?: ReactNode;
  children: ReactNode;
} & Omit<BoxProps, 'title'>) {
  const headingId = useId();
  const heading = (
    <Heading as={level === 2 ? 'h2' : 'h3'} size={level === 2 ? 'md' : 'sm'} id={headingId}>
      {title}
    </Heading>
  );
  return (
    <Box as="section" aria-labelledby={headingId} {...box}>
      <Stack gap={level === 2 ? '3' : '0'}>
        {actions ? (
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            {heading}
            {actions}
          </Flex>
        ) : (
          heading
        )}
        {hint ? (
          <Text color="fg.muted" {...(level === 2 ? {} : { fontSize: 'sm', mb: '2' })}>
            {hint}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Box>
  );
}
