import { Box, type BoxProps } from '@qrmenu/shared/ui';

/** A framed note on an order's card: how its way into the POS or to the Telegram chat went. */
export function CardNote(props: BoxProps) {
  return <Box borderWidth="1px" borderRadius="md" px="2" py="1" {...props} />;
}
