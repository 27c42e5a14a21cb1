/**
 * Create and edit a product in a dialog, one body for both (docs/SCREENS.md, "Product dialog"):
 * name, category (the restaurant's), price, description, active. A new product's pictures: once
 * the create answers with the new id, each chosen file goes to /manager/upload with progress, then
 * 'Mahsulot rasmi yuklandi!'. A create answered without an id: 'Mahsulot yaratishda xatolik yuz
 * berdi!'. In Tahrirlash the stored pictures are reordered, replaced, removed and new
 * ones added (ProductPictures), sent when the dialog saves.
 */

import { NumberField, SelectField, SwitchField } from '@qrmenu/shared/forms';
import { useCreateProduct, useUpdateProduct, useUploadProductImages } from '@qrmenu/shared/query';
import { type Category, filledTranslations, type Product } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  type FormDialogState,
  ImageUploadField,
  notify,
  SimpleGrid,
  useImageUpload,
} from '@qrmenu/shared/ui';
import { useEffect } from 'react';
import { CatalogDialog } from '../common/CatalogDialog';
import { type ProductFormValues, productFormSchemaFor, productFormValues } from './formSchema';
import { ProductPicturesEditor, useProductPictures } from './ProductPictures';

/** The create call succeeded but named no product: nothing to upload pictures to. */
class CreatedWithoutId extends Error {}

export default function ProductDialog({
  dialog,
  categories,
  categoryId,
}: {
  dialog: FormDialogState<Product>;
  /** The restaurant's categories (the select's choices). */
  categories: readonly Category[];
  /** A new product's category (the table it is created from). */
  categoryId?: string;
}) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const upload = useUploadProductImages();
  const images = useImageUpload({ multiple: true });
  const { clear } = images;
  useEffect(() => {
    if (!dialog.open) clear(); // a dialog closed without saving drops its chosen pictures
  }, [dialog.open, clear]);
  const pictures = useProductPictures(dialog.record, dialog.open);

  return (
    <CatalogDialog
      dialog={dialog}
      kind="product"
      inputs={{ name: { required: true }, description: { multiline: true } }}
      schema={productFormSchemaFor(dialog.record)}
      values={(p) => productFormValues(p, categoryId)}
      onCreate={async (v) => {
        const created = await create.mutateAsync({ ...v, translations: filledTranslations(v.translations) });
        if (!created?.id) throw new CreatedWithoutId();
        return created;
      }}
      onUpdate={(changed, p) => update.mutateAsync({ id: p._id, changed })}
      hasPendingExtras={dialog.record ? pictures.pending : images.hasFiles}
      afterSave={async (saved, record) => {
        if (record) {
          if (!pictures.pending) return;
          const sent = await pictures.save(
            (file) => upload.mutateAsync({ productId: record._id, files: [file] }),
            (list) => update.mutateAsync({ id: record._id, changed: { images: list } }),
          );
          if (sent) notify.success(t.productImagesSaved);
          return;
        }
        if (!saved || !('id' in saved) || !images.hasFiles) return;
        const sent = await images.uploadAll((file) =>
          upload.mutateAsync({ productId: saved.id, files: [file] }),
        );
        if (sent) notify.success(t.productImageUploaded);
      }}
      texts={{
        createError: (error) =>
          error instanceof CreatedWithoutId ? t.productCreateError : t.productSaveError,
        updateError: t.productUpdateError,
      }}
    >
      {(form) => (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <SelectField<ProductFormValues>
              form={form}
              name="category_id"
              required
              options={categories.map((c) => ({ value: c._id, label: c.title }))}
            />
            <NumberField<ProductFormValues>
              form={form}
              name="price"
              required
              placeholder="25000"
              step={1}
              helperText={t.priceHint}
            />
          </SimpleGrid>
          <SwitchField<ProductFormValues> form={form} name="is_active" label={t.status} />
          {dialog.record ? (
            <ProductPicturesEditor pictures={pictures} />
          ) : (
            <ImageUploadField upload={images} label={t.images} name="files" />
          )}
        </>
      )}
    </CatalogDialog>
  );
}
