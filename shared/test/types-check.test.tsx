import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { expect, it } from 'vitest';
import { formResolver, NumberField, SwitchField, TextField } from '../src/forms';
import { categoryCreateBody, loginBody, productCreateBody } from '../src/schemas';
import { UiProvider } from '../src/ui';

/** Compiles only if the field components accept forms typed by `formResolver` (checked by tsc). */
function LoginLike() {
  const form = useForm({ resolver: formResolver(loginBody), defaultValues: { login: '', password: '' } });
  const submit = form.handleSubmit((v) => v.login.toUpperCase());
  return (
    <form onSubmit={submit}>
      <TextField form={form} name="login" />
      <TextField form={form} name="password" type="password" />
    </form>
  );
}

function ProductLike() {
  const form = useForm({
    resolver: formResolver(productCreateBody),
    defaultValues: { name: '', category_id: '', price: 0, is_active: true },
  });
  return (
    <form onSubmit={form.handleSubmit((v) => v.price.toFixed())}>
      <TextField form={form} name="name" />
      <NumberField form={form} name="price" />
      <SwitchField form={form} name="is_active" />
    </form>
  );
}

function CategoryLike() {
  const form = useForm({
    resolver: formResolver(categoryCreateBody),
    defaultValues: { title: '', restaurant_id: 'r1', is_active: true },
  });
  return <TextField form={form} name="title" />;
}

it('typed forms render their fields', () => {
  render(
    <UiProvider>
      <LoginLike />
      <ProductLike />
      <CategoryLike />
    </UiProvider>,
  );
  expect(screen.getByLabelText('Login')).toHaveAttribute('name', 'login');
  expect(screen.getByLabelText(/Narxi/)).toHaveAttribute('name', 'price');
  expect(screen.getByLabelText(/Kategoriya nomi/)).toHaveAttribute('name', 'title');
});
