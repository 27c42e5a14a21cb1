/**
 * The first day of a new user in the shared kit: true messages under the fields, no
 * generic toast beside a taken login, a success toast replacing an old error toast, toasts at the
 * bottom on a phone, and the phone's Back button closing a dialog (asking first with typed changes).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../src/api';
import { FormDialog, formResolver, serverDetailText, TextField } from '../src/forms';
import { requiredText } from '../src/schemas/fields';
import { renderAtRoute } from '../src/testing/kit';
import { t } from '../src/texts';
import { Button, notify, toastLayout, UiProvider, useFormDialog } from '../src/ui';

describe('the messages under the fields', () => {
  it("says what the server refused: a negative price is not 'Majburiy maydon', a long text gives its limit", () => {
    expect(serverDetailText('Too small: expected number to be >=0')).toBe(t.negativeNumber);
    expect(serverDetailText('Too small: expected string to have >=1 characters')).toBe(t.required);
    expect(serverDetailText('Too big: expected string to have <=200 characters')).toBe(t.tooLongMax(200));
    expect(t.tooLongMax(200)).toContain('200');
    expect(serverDetailText('Invalid input: expected number, received string')).toBe(t.invalidNumber);
  });

  it('the form\'s own "too long" says the limit, a fraction of a so\'m says prices are whole', async () => {
    const resolver = formResolver(z.object({ name: requiredText(5), price: z.number().int() }));
    const result = await resolver({ name: '123456', price: 12000.5 }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.name?.message).toBe(t.tooLongMax(5));
    expect(result.errors.price?.message).toBe(t.wholeSom);
  });
});

const schema = z.object({ login: requiredText() });

function ManagerDialog({ save }: { save: (login: string) => Promise<unknown> }) {
  const dialog = useFormDialog<{ login: string }>();
  return (
    <>
      <Button onClick={dialog.openCreate}>ochish</Button>
      <FormDialog
        dialog={dialog}
        title="Menedjer"
        schema={schema}
        values={() => ({ login: '' })}
        onCreate={(v) => save(v.login)}
        conflict={{ field: 'login', text: t.loginTaken, toast: false }}
        texts={{ created: t.managerCreated, createError: t.managerCreateError }}
      >
        {(form) => <TextField form={form} name="login" />}
      </FormDialog>
    </>
  );
}

describe('toasts', () => {
  it('a taken login is said under its field only; the next success clears an old error toast', async () => {
    renderAtRoute(
      <ManagerDialog
        save={async (login) => {
          if (login === 'band') throw new ApiError(409, 'conflict', '');
          if (login === 'xato') throw new ApiError(500, 'internal', '');
          return { login };
        }}
      />,
      '/',
      { as: 'admin' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'ochish' }));
    const dialog = await screen.findByRole('dialog');
    const login = within(dialog).getByRole('textbox', { name: t.fields.login });
    await userEvent.type(login, 'band');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(login).toHaveAccessibleErrorMessage(t.loginTaken));
    expect(screen.queryByText(t.managerCreateError)).toBeNull();

    await userEvent.clear(login);
    await userEvent.type(login, 'xato');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.managerCreateError)).toBeInTheDocument();
    await userEvent.clear(login);
    await userEvent.type(login, 'yangi');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.managerCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(t.managerCreateError)).toBeNull());
  });

  it('an error toast not followed by a success stays', async () => {
    render(<UiProvider>x</UiProvider>);
    act(() => {
      notify.error(t.deleteError);
      notify.info(t.noChanges);
    });
    expect(await screen.findByText(t.deleteError)).toBeInTheDocument();
    expect(screen.getByText(t.noChanges)).toBeInTheDocument();
  });

  it('on a phone they appear at the bottom, above the bottom bar, never over the title', () => {
    expect(toastLayout(true).placement).toBe('bottom');
    expect(toastLayout(false).placement).toBe('top-end');
  });
});

describe("the phone's Back button with a dialog open", () => {
  /** The next `popstate`: `history.back()` only asks for the step, the browser takes it later. */
  const popped = () =>
    new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));
  const back = async () => {
    await act(async () => {
      const step = popped();
      window.history.back();
      await step;
    });
  };

  it('closes the dialog and stays on the page', async () => {
    renderAtRoute(<ManagerDialog save={async () => ({})} />, '/', { as: 'admin' });
    await userEvent.click(screen.getByRole('button', { name: 'ochish' }));
    await screen.findByRole('dialog');
    await back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'ochish' })).toBeInTheDocument();
  });

  it("asks first when something was typed: Yo'q keeps the dialog and the text, Ha closes it", async () => {
    renderAtRoute(<ManagerDialog save={async () => ({})} />, '/', { as: 'admin' });
    await userEvent.click(screen.getByRole('button', { name: 'ochish' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.login }), 'yarim');
    await back();
    let question = await screen.findByRole('alertdialog');
    expect(within(question).getByText(t.discardChanges)).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: t.no }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: t.fields.login })).toHaveValue(
      'yarim',
    );
    await back();
    question = await screen.findByRole('alertdialog');
    await userEvent.click(within(question).getByRole('button', { name: t.yes }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a dialog opened again before the browser took the last one's entry off keeps its own", async () => {
    // a slow phone: the step back a closed dialog asks for comes only after the next one opened
    const takeStep = window.history.back.bind(window.history);
    let stepped: Promise<void> = Promise.resolve();
    const slowBack = vi.spyOn(window.history, 'back').mockImplementation(() => {
      stepped = popped();
      setTimeout(takeStep, 30);
    });
    try {
      renderAtRoute(<ManagerDialog save={async () => ({})} />, '/', { as: 'admin' });
      const start = window.history.state;
      await userEvent.click(screen.getByRole('button', { name: 'ochish' }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: t.cancel }),
      );
      await userEvent.click(screen.getByRole('button', { name: 'ochish' }));
      await waitFor(() => expect(slowBack).toHaveBeenCalledTimes(1));
      await act(() => stepped);
      // still open, asking nothing, on an entry of its own
      const dialog = await screen.findByRole('dialog');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      await waitFor(() => expect(window.history.state).not.toEqual(start));
      slowBack.mockRestore();
      await back();
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(window.history.state).toEqual(start);
    } finally {
      slowBack.mockRestore();
    }
  });

  it('a question left open when the save ended is not asked again when the dialog opens next', async () => {
    let saved: () => void = () => {};
    renderAtRoute(<ManagerDialog save={() => new Promise<void>((resolve) => (saved = resolve))} />, '/', {
      as: 'admin',
    });
    const start = window.history.state;
    await userEvent.click(screen.getByRole('button', { name: 'ochish' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.login }), 'yangi');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await back();
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    await act(async () => saved());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(window.history.state).toEqual(start));
    await userEvent.click(screen.getByRole('button', { name: 'ochish' }));
    const again = await screen.findByRole('dialog');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(within(again).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(window.history.state).toEqual(start));
  });

  it('closing with a button takes its history entry off again', async () => {
    renderAtRoute(<ManagerDialog save={async () => ({})} />, '/', { as: 'admin' });
    const start = window.history.state;
    await userEvent.click(screen.getByRole('button', { name: 'ochish' }));
    const dialog = await screen.findByRole('dialog');
    expect(window.history.state).not.toEqual(start);
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(window.history.state).toEqual(start));
  });
});
