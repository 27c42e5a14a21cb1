/**
 * `/admin/untranslated/:id` (admins: the restaurant's id) and `/untranslated` (a manager: its own
 * restaurant): everything still untranslated in one language (Русский or English, the tabs), so a
 * manager can finish a language in one sitting. Each item shows its Uzbek text and an input per
 * missing field (`lang` set, the Uzbek field's maximum length); "Saqlash" sends only that
 * language's fields of that item (the API's partial update), and a finished item leaves the list.
 * Four reads, whatever the catalog's size: restaurant, categories, products, options with rows.
 */
import {
  useRestaurantOptions,
  useUpdateCategory,
  useUpdateOption,
  useUpdateOptionRow,
  useUpdateProduct,
  useUpdateRestaurant,
} from '@qrmenu/shared/query';
import { categories, products, translations as resource, restaurants } from '@qrmenu/shared/resources';
import { LANGUAGE_NAMES, TRANSLATION_LANGS, type TranslationLang } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { fieldLabel, t } from '@qrmenu/shared/texts';
import {
  Badge,
  Box,
  Button,
  combineQueries,
  EmptyState,
  Field,
  HStack,
  Input,
  ListState,
  LoadingSkeleton,
  Note,
  notify,
  Page,
  Stack,
  Tabs,
  Text,
  usePaths,
  useRouteParams,
} from '@qrmenu/shared/ui';
import { type FormEvent, useState } from 'react';
import { type UntranslatedItem, untranslatedItems } from './model';

const text = t.translations;

/** The save of one item's translations, by what it is. */
function useSaveTranslations() {
  const category = useUpdateCategory();
  const product = useUpdateProduct();
  const option = useUpdateOption();
  const row = useUpdateOptionRow();
  const restaurant = useUpdateRestaurant();
  return (item: UntranslatedItem, lang: TranslationLang, values: Record<string, string | null>) => {
    const translations = { [lang]: values };
    switch (item.kind) {
      case 'category':
        return category.mutateAsync({ id: item.id, changed: { translations } });
      case 'product':
        return product.mutateAsync({ id: item.id, changed: { translations } });
      case 'option':
        return option.mutateAsync({ id: item.id, body: { translations } });
      case 'optionRow':
        return row.mutateAsync({ id: item.id, changed: { translations } });
      case 'restaurant':
        return restaurant.mutateAsync({ slug: item.slug ?? '', changed: { translations } });
    }
  };
}

function ItemForm({
  item,
  lang,
  save,
}: {
  item: UntranslatedItem;
  lang: TranslationLang;
  save: ReturnType<typeof useSaveTranslations>;
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(item.fields.map((f) => [f.name, f.current])),
  );
  const [busy, setBusy] = useState(false);
  const changed = item.fields.filter((f) => (values[f.name] ?? '').trim() !== f.current);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0) {
      notify.info(t.noChanges);
      return;
    }
    setBusy(true);
    try {
      await save(
        item,
        lang,
        Object.fromEntries(changed.map((f) => [f.name, values[f.name]?.trim() || null])),
      );
      notify.success(text.saved);
    } catch {
      notify.error(t.editError);
    } finally {
      setBusy(false);
    }
  };

  const heading = `${text.kinds[item.kind]}: ${item.fields[0]?.uzbek ?? ''}`;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      listStyleType="none"
      data-testid="untranslated-item"
    >
      <form onSubmit={submit} aria-label={heading}>
        <Stack gap="3">
          <HStack gap="2" flexWrap="wrap">
            <Badge variant="subtle">{text.kinds[item.kind]}</Badge>
            {item.context ? <Note>{item.context}</Note> : null}
          </HStack>
          {item.fields.map((f) => (
            <Field.Root key={f.name}>
              <Field.Label>
                {fieldLabel(f.name)}:{' '}
                <Text as="span" fontWeight="normal">
                  {f.uzbek}
                </Text>
              </Field.Label>
              <Input
                name={`translations.${lang}.${f.name}`}
                lang={lang}
                maxLength={f.max}
                value={values[f.name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                autoComplete="off"
              />
            </Field.Root>
          ))}
          <HStack justify="flex-end">
            <Button type="submit" colorPalette="blue" loading={busy} minH="11">
              {t.save}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

export default function UntranslatedPage() {
  const { id: param } = useRouteParams(...resource.routes.list);
  const { isManager } = useSession();
  const paths = usePaths();
  const mine = restaurants.useMine({ enabled: isManager && !param });
  const all = restaurants.useList({ enabled: !isManager });
  const restaurant = param ? all.data?.restaurants.find((r) => r._id === param) : mine.data;
  const categoryList = categories.useList(param);
  const productList = products.useList(param);
  const options = useRestaurantOptions(param);
  const [lang, setLang] = useState<TranslationLang>('ru');
  const save = useSaveTranslations();

  const catalog =
    categoryList.data && productList.data && options.data
      ? {
          restaurant,
          categories: categoryList.data.items,
          products: productList.data.items,
          options: options.data,
        }
      : undefined;
  const query = combineQueries([categoryList, productList, options], catalog);
  const counts = Object.fromEntries(
    TRANSLATION_LANGS.map((l) => [l, catalog ? untranslatedItems(catalog, l).length : undefined]),
  );
  const restaurantId = param ?? restaurant?._id;

  return (
    <Page
      title={resource.texts.title}
      back={restaurantId ? paths.categories({ restaurantId }) : paths.restaurantsBack}
      testId="untranslated-page"
    >
      <Text color="fg.muted">{text.intro}</Text>
      <Tabs.Root value={lang} onValueChange={(e) => setLang(e.value as TranslationLang)} variant="line">
        <Tabs.List aria-label={text.tabs}>
          {TRANSLATION_LANGS.map((l) => (
            <Tabs.Trigger key={l} value={l} minH="11" aria-controls="untranslated-panel">
              <span lang={l}>{LANGUAGE_NAMES[l]}</span>
              {counts[l] !== undefined ? <Badge variant="subtle">{counts[l]}</Badge> : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      <Box id="untranslated-panel" role="tabpanel" aria-label={LANGUAGE_NAMES[lang]}>
        <ListState resource={resource} query={query} loading={<LoadingSkeleton rows={6} height="24" />}>
          {(c) => {
            const items = untranslatedItems(c, lang);
            return items.length === 0 ? (
              <EmptyState message={text.allDone} />
            ) : (
              <Stack as="ul" gap="3" p="0" m="0" data-testid="untranslated-list">
                {items.map((item) => (
                  <ItemForm key={`${lang}-${item.kind}-${item.id}`} item={item} lang={lang} save={save} />
                ))}
              </Stack>
            );
          }}
        </ListState>
      </Box>
    </Page>
  );
}
