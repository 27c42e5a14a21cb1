import { t } from '@qrmenu/shared/texts';
import { Field, Input } from '@qrmenu/shared/ui';

/** The name filter of the product table (a menu has hundreds of products). */
export function ProductSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root maxW={{ base: '100%', md: 'sm' }}>
      <Field.Label>{t.search}</Field.Label>
      <Input
        type="search"
        value={value}
        placeholder={t.searchProducts}
        autoComplete="off"
        minH="11"
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid="product-search"
      />
    </Field.Root>
  );
}
