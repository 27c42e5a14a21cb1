import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api';
import {
  applyServerErrors,
  formResolver,
  NumberField,
  SelectField,
  SwitchField,
  TextField,
} from '../src/forms';
import { restaurantCreateBody } from '../src/schemas';
import { t } from '../src/texts';
import {
  BackButton,
  Button,
  ConfirmDialog,
  DEFAULT_IMAGE_SRC,
  DialogShell,
  EmptyState,
  ImageOrDefault,
  notify,
  Pagination,
  RemoteFallback,
  StatusBadge,
  toaster,
  UiProvider,
  usePagination,
} from '../src/ui';

const wrap = ({ children }: { children: ReactNode }) => <UiProvider>{children}</UiProvider>;

function PagedList({ count }: { count: number }) {
  const items = Array.from({ length: count }, (_, i) => `item-${i + 1}`);
  const page = usePagination(items, 10);
  return (
    <div>
      <ul>
        {page.items.map((it, i) => (
          <li key={it}>
            {page.offset + i + 1}. {it}
          </li>
        ))}
      </ul>
      <Pagination state={page} />
    </div>
  );
}

describe('usePagination + Pagination', () => {
  it('shows 10 / 10 / 5 of 25 with Oldingi/Keyingi disabled at the ends', async () => {
    const user = userEvent.setup();
    render(<PagedList count={25} />, { wrapper: wrap });
    const prev = screen.getByRole('button', { name: 'Oldingi' });
    const next = screen.getByRole('button', { name: 'Keyingi' });
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('11. item-11')).toBeInTheDocument();
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(prev).toBeEnabled();

    await user.click(next);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('25. item-25')).toBeInTheDocument();
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(prev).toBeEnabled();

    await user.click(prev);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it('an empty list is one page with both buttons disabled', () => {
    render(<PagedList count={0} />, { wrapper: wrap });
    expect(screen.getByText('1 / 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Oldingi' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Keyingi' })).toBeDisabled();
  });

  it('moves back to the last page when the list shrinks', () => {
    const { result, rerender } = renderHook(({ items }) => usePagination(items, 10), {
      initialProps: { items: Array.from({ length: 21 }, (_, i) => i) },
    });
    act(() => result.current.setPage(3));
    expect(result.current.items).toEqual([20]);
    rerender({ items: Array.from({ length: 20 }, (_, i) => i) });
    expect(result.current.page).toBe(2);
    expect(result.current.items).toHaveLength(10);
  });
});

function ConfirmHarness({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t.delete}</Button>
      <ConfirmDialog
        open={open}
        title={t.deleteConfirm}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it("asks with Ha / Yo'q and calls the right handler", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmHarness onConfirm={onConfirm} onCancel={onCancel} />, { wrapper: wrap });
    expect(screen.queryByText(t.deleteConfirm)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.delete }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByText(t.deleteConfirm)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Yo'q" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: t.delete }));
    await user.click(await screen.findByRole('button', { name: 'Ha' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps its words while it closes, though the caller clears them in the same render', async () => {
    // the callers' pattern: `title={asking ? question(asking) : ''}`, cleared as it closes
    const dialog = (open: boolean, question = 'Savol') => (
      <UiProvider>
        <ConfirmDialog
          open={open}
          title={open ? question : ''}
          description={open ? 'Izoh' : undefined}
          onConfirm={() => {}}
          onCancel={() => {}}
        />
        <DialogShell open={open} onClose={() => {}} title={open ? 'Oyna' : ''}>
          <p>ichi</p>
        </DialogShell>
      </UiProvider>
    );
    const view = render(dialog(true));
    expect(await screen.findByRole('alertdialog', { name: 'Savol' })).toBeInTheDocument();
    view.rerender(dialog(false));
    // still in the page for its exit (Chakra's presence), and still named
    const closing = screen.getByRole('alertdialog', { hidden: true });
    expect(closing).toHaveAccessibleName('Savol');
    expect(closing).toHaveTextContent('Izoh');
    expect(screen.getByRole('dialog', { hidden: true })).toHaveAccessibleName('Oyna');
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    // opened again with other words, it says those
    view.rerender(dialog(true, 'Boshqa savol'));
    expect(await screen.findByRole('alertdialog', { name: 'Boshqa savol' })).toBeInTheDocument();
  });

  it('disables both answers while loading', async () => {
    render(<ConfirmDialog open title="X" loading onConfirm={() => {}} onCancel={() => {}} />, {
      wrapper: wrap,
    });
    expect(await screen.findByRole('button', { name: "Yo'q" })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Ha/ })).toBeDisabled();
  });
});

describe('small components', () => {
  it('StatusBadge says Faol / Nofaol', () => {
    render(
      <>
        <StatusBadge active />
        <StatusBadge active={false} />
      </>,
      { wrapper: wrap },
    );
    expect(screen.getByText('Faol')).toBeInTheDocument();
    expect(screen.getByText('Nofaol')).toBeInTheDocument();
  });

  it('ImageOrDefault shows the default image for null and for a broken src', () => {
    const { rerender } = render(<ImageOrDefault src={null} alt="logo" />, { wrapper: wrap });
    expect(screen.getByAltText('logo')).toHaveAttribute('src', DEFAULT_IMAGE_SRC);
    rerender(<ImageOrDefault src="/uploads/x.png" alt="logo" />);
    const img = screen.getByAltText('logo');
    expect(img).toHaveAttribute('src', '/uploads/x.png');
    fireEvent.error(img);
    expect(screen.getByAltText('logo')).toHaveAttribute('src', DEFAULT_IMAGE_SRC);
  });

  it('RemoteFallback offers Qayta urinish; EmptyState shows its message', async () => {
    const retry = vi.fn();
    render(
      <>
        <RemoteFallback onRetry={retry} />
        <EmptyState message={t.noCategories} />
      </>,
      { wrapper: wrap },
    );
    expect(screen.getByRole('heading', { level: 1, name: "Bo'limni yuklab bo'lmadi" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(retry).toHaveBeenCalled();
    expect(screen.getByText(t.noCategories)).toBeInTheDocument();
  });

  it('BackButton goes one step back', async () => {
    render(
      <MemoryRouter initialEntries={['/a', '/b']} initialIndex={1}>
        <Routes>
          <Route path="/a" element={<p>page A</p>} />
          <Route path="/b" element={<BackButton />} />
        </Routes>
      </MemoryRouter>,
      { wrapper: wrap },
    );
    await userEvent.click(screen.getByRole('button', { name: /Orqaga/ }));
    expect(screen.getByText('page A')).toBeInTheDocument();
  });

  it('notify shows a toast that closes after 2000 ms by default', async () => {
    render(<div />, { wrapper: wrap });
    const spy = vi.spyOn(toaster, 'create');
    act(() => {
      notify.success(t.restaurantCreated);
      notify.syncError(t.syncError);
    });
    expect(spy).toHaveBeenNthCalledWith(1, expect.objectContaining({ type: 'success', duration: 2000 }));
    expect(spy).toHaveBeenNthCalledWith(2, expect.objectContaining({ type: 'error', duration: 5000 }));
    expect(await screen.findByText(t.restaurantCreated)).toBeInTheDocument();
    spy.mockRestore();
  });

  it("a toast's close button and the toasts' region are named in Uzbek", async () => {
    render(<div />, { wrapper: wrap });
    act(() => {
      notify.success(t.restaurantUpdated);
    });
    await screen.findByText(t.restaurantUpdated);
    expect(screen.getAllByRole('button', { name: t.close }).length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: t.notifications })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /dismiss/i })).toBeNull();
  });
});

type FormValues = {
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  manager_id: string | null;
  is_active: boolean;
  price?: number;
};

function RestaurantForm({ onValid }: { onValid: (v: unknown) => void }) {
  const form = useForm<FormValues>({
    resolver: formResolver(restaurantCreateBody) as never,
    defaultValues: {
      name: '',
      slug: '',
      address: '',
      phone_number: '',
      work_time: '',
      manager_id: null,
      is_active: true,
    },
  });
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      <TextField form={form} name="name" required />
      <TextField form={form} name="slug" required />
      <TextField form={form} name="address" required />
      <TextField form={form} name="phone_number" type="tel" required />
      <TextField form={form} name="work_time" required />
      <SelectField
        form={form}
        name="manager_id"
        options={[{ value: 'm1', label: 'ali' }]}
        emptyValue={null}
      />
      <SwitchField form={form} name="is_active" />
      <button type="submit">{t.save}</button>
    </form>
  );
}

function PriceForm({ seen }: { seen: unknown[] }) {
  const form = useForm<{ price?: number }>();
  return (
    <form onSubmit={form.handleSubmit((v) => seen.push(v.price))}>
      <NumberField form={form} name="price" />
      <button type="submit">go</button>
    </form>
  );
}

describe('form fields', () => {
  it('use the entity field names and show Uzbek errors', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    const { container } = render(<RestaurantForm onValid={onValid} />, { wrapper: wrap });
    for (const name of ['name', 'slug', 'address', 'phone_number', 'work_time', 'manager_id']) {
      expect(container.querySelector(`[name="${name}"]`)).not.toBeNull();
    }
    expect(container.querySelector('input[name="is_active"]')).not.toBeNull();
    expect(screen.getByLabelText(/Nomi/)).toHaveAttribute('name', 'name');

    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(screen.getAllByText(t.required)).toHaveLength(5));
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Nomi/), 'Rayhon');
    await user.type(screen.getByLabelText(/Slug/), 'Bad Slug');
    await user.type(screen.getByLabelText(/Manzil/), 'Toshkent');
    await user.type(screen.getByLabelText(/Telefon/), '+998');
    await user.type(screen.getByLabelText(/Ish vaqti/), '9-18');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.invalidSlug)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Slug/));
    await user.type(screen.getByLabelText(/Slug/), 'rayhon');
    await user.selectOptions(screen.getByLabelText(/Menedjer/), 'm1');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      name: 'Rayhon',
      slug: 'rayhon',
      manager_id: 'm1',
      is_active: true,
      type: 'manual',
    });
  });

  it('NumberField gives a number, undefined when empty', async () => {
    const user = userEvent.setup();
    const seen: unknown[] = [];
    render(<PriceForm seen={seen} />, { wrapper: wrap });
    await user.click(screen.getByRole('button', { name: 'go' }));
    await user.type(screen.getByLabelText(/Narxi/), '25000');
    await user.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(seen).toEqual([undefined, 25000]));
  });
});

describe('applyServerErrors', () => {
  it('puts a 400 on its fields and a 409 on the conflict field, in Uzbek', async () => {
    const { result } = renderHook(() => useForm({ defaultValues: { name: '', slug: '', login: '' } }));
    const bad = new ApiError(400, 'validation', 'bad', [
      { path: 'name', message: 'Too small: expected string to have >=1 characters' },
      { path: 'slug', message: 'Invalid string: must match pattern /^[a-z0-9]+(-[a-z0-9]+)*$/' },
      { path: 'unknown', message: 'x' },
    ]);
    act(() => {
      expect(applyServerErrors(result.current, bad)).toBe(true);
    });
    expect(result.current.getFieldState('name').error?.message).toBe(t.required);
    expect(result.current.getFieldState('slug').error?.message).toBe(t.invalidSlug);

    act(() => {
      expect(
        applyServerErrors(result.current, new ApiError(409, 'conflict', 'taken'), 'login', t.loginTaken),
      ).toBe(true);
    });
    expect(result.current.getFieldState('login').error?.message).toBe(t.loginTaken);
    expect(applyServerErrors(result.current, new ApiError(500, 'internal', 'x'), 'login')).toBe(false);
    expect(applyServerErrors(result.current, new Error('x'))).toBe(false);
  });
});

describe('ImageOrDefault with an API on another host', () => {
  it('loads uploads from the API host', async () => {
    const { setRuntimeConfig } = await import('../src/runtime-config');
    setRuntimeConfig({ apiBase: 'https://api.example.uz/api' });
    try {
      render(<ImageOrDefault src="/uploads/p.png" alt="p" />, { wrapper: wrap });
      expect(screen.getByAltText('p')).toHaveAttribute('src', 'https://api.example.uz/uploads/p.png');
    } finally {
      setRuntimeConfig({});
    }
  });
});
