/**
 * The Chakra UI parts remotes may use, re-exported one by one (no `export *`), so that the shared
 * facade carries only what is in use. Others may append names here (additively); a new
 * component that has a recipe also needs its recipe in `system.ts`.
 */

export type {
  BoxProps,
  ButtonProps,
  FlexProps,
  HTMLChakraProps,
  InputProps,
  StackProps,
  TextProps,
} from '@chakra-ui/react';
export {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  VisuallyHidden,
} from '@chakra-ui/react';
