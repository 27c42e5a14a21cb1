/**
 * A waiter's two views (docs/PRODUCT.md, "Tables to waiters"): «Mening stollarim», their live
 * board, and «Barcha stollar», the other waiters' tables to take one over. Two 44 px buttons,
 * the open one marked for screen readers too.
 */
import { t } from '@qrmenu/shared/texts';
import { Button, HStack } from '@qrmenu/shared/ui';

export type TableScope = 'mine' | 'all';

export function TableScopeSwitch({
  scope,
  onChange,
}: {
  scope: TableScope;
  onChange: (scope: TableScope) => void;
}) {
  const options: [TableScope, string][] = [
    ['mine', t.staff.scopeMine],
    ['all', t.staff.scopeAll],
  ];
  return (
    <HStack role="group" aria-label={t.staff.scopeLegend} gap="2" flexWrap="wrap">
      {options.map(([value, label]) => (
        <Button
          key={value}
          minH="11"
          size="md"
          colorPalette="blue"
          variant={scope === value ? 'solid' : 'outline'}
          aria-pressed={scope === value}
          onClick={() => onChange(value)}
        >
          {label}
        </Button>
      ))}
    </HStack>
  );
}
