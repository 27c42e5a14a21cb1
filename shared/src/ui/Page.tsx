import { Flex, Heading, HStack, Stack, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { pathsFor, type RolePaths, type RouteParams } from '../paths';
import { useSession } from '../session';
import { t } from '../texts';
import { BackButton, EmptyState } from './common';

/** The signed-in role's paths (`@qrmenu/shared/paths`): managers get theirs, other roles the admin area's. */
export function usePaths(): RolePaths {
  return pathsFor(useSession().role);
}

/**
 * The address's params, typed by the patterns the page serves (`ROUTES.admin.products`,
 * `ROUTES.manager.products`): a name no pattern has does not compile.
 */
export function useRouteParams<P extends string>(..._patterns: readonly P[]): RouteParams<P> {
  return useParams() as RouteParams<P>;
}

export interface PageHeaderProps {
  /** The page's title: its one `<h1>`. */
  title: ReactNode;
  /** A back button ("Orqaga"): to this path, through this handler, or `true` for a step back in history. */
  back?: string | (() => void) | true;
  /** Buttons beside the title (they wrap under it on a phone). */
  actions?: ReactNode;
}

/** Title (h1), optional back button and actions. */
export function PageHeader({ title, back, actions }: PageHeaderProps) {
  const navigate = useNavigate();
  let onBack: (() => void) | null = null;
  if (typeof back === 'function') onBack = back;
  else if (back === true) onBack = () => navigate(-1);
  else if (typeof back === 'string') onBack = () => navigate(back);
  return (
    <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
      <HStack gap="3" flex="1" minW="0">
        {onBack ? <BackButton onClick={onBack} /> : null}
        <Heading as="h1" size="lg" overflowWrap="anywhere">
          {title}
        </Heading>
      </HStack>
      {actions ? (
        <HStack gap="2" flexWrap="wrap">
          {actions}
        </HStack>
      ) : null}
    </Flex>
  );
}

export interface PageProps extends PageHeaderProps {
  children: ReactNode;
  maxW?: StackProps['maxW'];
  /** Centres a narrow page (`maxW`) in the content area. */
  centered?: boolean;
  testId?: string;
}

/**
 * A back-office page: its header and content. Without a stored token (a remote run alone; in the
 * shell the guard has sent the user to the login screen already) it shows "Token topilmadi!"
 * instead (docs/SCREENS.md, "What every screen shares"); the query hooks make no call without a token either.
 */
export function Page({ title, back, actions, children, maxW, centered, testId }: PageProps) {
  const { isAuthenticated } = useSession();
  return (
    <Stack
      gap="4"
      p={{ base: '3', md: '6' }}
      w="100%"
      maxW={maxW ?? '100%'}
      mx={centered ? 'auto' : undefined}
      data-testid={testId}
    >
      <PageHeader title={title} back={back} actions={isAuthenticated ? actions : undefined} />
      {isAuthenticated ? children : <EmptyState message={t.tokenMissing} />}
    </Stack>
  );
}
