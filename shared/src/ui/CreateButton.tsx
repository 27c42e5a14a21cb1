import { Button, type ButtonProps } from '@chakra-ui/react';

/** A list page's "Qo'shish" action in its header (blue, small, a finger's height on a phone). */
export function CreateButton(props: ButtonProps) {
  return <Button colorPalette="blue" size="sm" minH="11" {...props} />;
}
