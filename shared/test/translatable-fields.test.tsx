/**
 * The form kit's language tabs: O'zbekcha / Русский / English around the translatable fields,
 * markers for missing translations and errors, only changed translations sent on edit, axe.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { changedFields } from '../src/api';
import { EntityForm, TextField, TranslatableFields, translationFormValues } from '../src/forms';
import { categoryFields, productFields, translationSchemas } from '../src/schemas';
import { axeViolations, renderAtRoute } from '../src/testing/kit';
import { t } from '../src/texts';

const schema = z.object({
  name: productFields.name,
  description: productFields.description,
  translations: translationSchemas.product.write,
});
type Record_ = {
  name: string;
  description: string;
  translations: { ru?: { name?: string }; en?: { name?: string } };
};
const FIELDS = ['name', 'description'] as const;

/** The open tab's panel: the one just closed keeps its role while it animates out. */
function openPanel(): HTMLElement {
  const open = screen.getAllByRole('tabpanel').filter((p) => p.dataset.state === 'open');
  expect(open).toHaveLength(1);
  return open[0] as HTMLElement;
}

/** Counts the renders of the form's body (it renders whenever the form around it does). */
const bodyRenders = { count: 0 };
function BodyProbe() {
  bodyRenders.count += 1;
  return null;
}

function ProductForm({
  record,
  onCreate = vi.fn(async () => ({})),
  onUpdate = vi.fn(async () => ({})),
}: {
  record?: Record_ | null;
  onCreate?: (v: unknown) => Promise<unknown>;
  onUpdate?: (v: unknown) => Promise<unknown>;
}) {
  return (
    <EntityForm
      record={record ?? null}
      schema={schema}
      values={(r) => ({
        name: r?.name ?? '',
        description: r?.description ?? '',
        translations: translationFormValues(FIELDS, r?.translations),
      })}
      onCreate={onCreate}
      onUpdate={onUpdate}
      texts={{ createError: t.productCreateError }}
    >
      {(form) => (
        <>
          <BodyProbe />
          <TranslatableFields form={form} fields={FIELDS}>
            {(tab) => (
              <>
                <TextField form={form} {...tab.field('name', { required: true })} />
                <TextField form={form} {...tab.field('description')} multiline />
              </>
            )}
          </TranslatableFields>
        </>
      )}
    </EntityForm>
  );
}

describe('TranslatableFields', () => {
  it("shows three tabs under each language's own name, Uzbek open with its required field", async () => {
    renderAtRoute(<ProductForm />, '/');
    const tabs = screen.getByRole('tablist', { name: t.translations.tabs });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names).toEqual(["O'zbekcha", 'Русский', 'English']);
    expect(screen.getByRole('tab', { name: "O'zbekcha" })).toHaveAttribute('aria-selected', 'true');
    const panel = openPanel();
    const uz = within(panel).getByRole('textbox', { name: /Nomi/ });
    expect(uz).toHaveAttribute('name', 'name');
    expect(uz).not.toHaveAttribute('lang');
    expect(within(panel).getByText('*')).toBeInTheDocument();
  });

  it('names the inputs of other tabs by the API shape, marks their language, no required mark', async () => {
    const user = userEvent.setup();
    renderAtRoute(<ProductForm />, '/');
    await user.click(screen.getByRole('tab', { name: 'Русский' }));
    const panel = openPanel();
    const ru = within(panel).getByRole('textbox', { name: /Nomi/ });
    expect(ru).toHaveAttribute('name', 'translations.ru.name');
    expect(ru).toHaveAttribute('lang', 'ru');
    expect(within(panel).queryByText('*')).toBeNull();
    expect(screen.getByRole('tab', { name: 'English' }).querySelector('[lang="en"]')).not.toBeNull();
  });

  it('marks a tab whose translation is missing while the Uzbek field is filled', async () => {
    const user = userEvent.setup();
    renderAtRoute(<ProductForm />, '/');
    expect(screen.getByRole('tab', { name: 'Русский' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Nomi/ }), 'Osh');
    expect(screen.getByRole('tab', { name: `Русский ${t.translations.missing}` })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: `English ${t.translations.missing}` })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Русский/ }));
    await user.type(within(openPanel()).getByRole('textbox', { name: /Nomi/ }), 'Плов');
    expect(screen.getByRole('tab', { name: 'Русский' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: `English ${t.translations.missing}` })).toBeInTheDocument();
  });

  it('re-renders its markers as a text is typed, not the whole form', async () => {
    const user = userEvent.setup();
    renderAtRoute(<ProductForm />, '/');
    const name = screen.getByRole('textbox', { name: /Nomi/ });
    // the first key makes the form dirty (its buttons follow that): one render of the form
    await user.type(name, 'O');
    const before = bodyRenders.count;
    await user.type(name, 'sh va non');
    expect(name).toHaveValue('Osh va non');
    expect(screen.getByRole('tab', { name: `Русский ${t.translations.missing}` })).toBeInTheDocument();
    expect(bodyRenders.count).toBe(before);
  });

  it('creates with the translations typed, blanks as null', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn(async (_values: unknown) => ({}));
    renderAtRoute(<ProductForm onCreate={onCreate} />, '/');
    await user.type(screen.getByRole('textbox', { name: /Nomi/ }), 'Osh');
    await user.click(screen.getByRole('tab', { name: /English/ }));
    await user.type(within(openPanel()).getByRole('textbox', { name: /Nomi/ }), 'Pilaf');
    await user.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(onCreate).toHaveBeenCalled());
    expect(onCreate.mock.calls[0]?.[0]).toEqual({
      name: 'Osh',
      description: '',
      translations: { ru: { name: null, description: null }, en: { name: 'Pilaf', description: null } },
    });
  });

  it('on edit sends only the changed language field; a cleared one as null', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn(async (_values: unknown) => ({}));
    const record = {
      name: 'Osh',
      description: '',
      translations: { ru: { name: 'Плов' }, en: { name: 'Pilaf' } },
    };
    renderAtRoute(<ProductForm record={record} onUpdate={onUpdate} />, '/');
    await user.click(screen.getByRole('tab', { name: /English/ }));
    await user.clear(within(openPanel()).getByRole('textbox', { name: /Nomi/ }));
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(onUpdate).toHaveBeenCalled());
    expect(onUpdate.mock.calls[0]?.[0]).toEqual({ translations: { en: { name: null } } });
  });

  it('opens the tab of an invalid field on submit and marks it', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn(async (_values: unknown) => ({}));
    renderAtRoute(<ProductForm onCreate={onCreate} />, '/');
    await user.type(screen.getByRole('textbox', { name: /Nomi/ }), 'Osh');
    await user.click(screen.getByRole('tab', { name: /Русский/ }));
    await user.click(within(openPanel()).getByRole('textbox', { name: /Nomi/ }));
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('tab', { name: /O'zbekcha/ }));
    await user.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: `Русский ${t.translations.hasError}` })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('has no serious accessibility violation', async () => {
    const user = userEvent.setup();
    renderAtRoute(
      <main>
        <h1>Mahsulot</h1>
        <ProductForm />
      </main>,
      '/',
    );
    await user.type(screen.getByRole('textbox', { name: /Nomi/ }), 'Osh');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: /Русский/ }));
    expect(await axeViolations()).toEqual([]);
  });
});

describe('changedFields with translations', () => {
  it('keeps only the changed leaves and leaves the rest out', () => {
    const initial = { title: 'Salatlar', translations: { ru: { title: 'Салаты' }, en: { title: '' } } };
    expect(
      changedFields(initial, {
        title: 'Salatlar',
        translations: { ru: { title: 'Салаты' }, en: { title: '' } },
      }),
    ).toEqual({});
    expect(
      changedFields(initial, {
        title: 'Salatlar',
        translations: { ru: { title: '' }, en: { title: 'Salads' } },
      }),
    ).toEqual({ translations: { ru: { title: null }, en: { title: 'Salads' } } });
    expect(categoryFields.title.parse(' a ')).toBe('a');
  });
});
