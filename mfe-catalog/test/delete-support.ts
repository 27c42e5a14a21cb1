/**
 * A delete from a list of the catalogue as the manager makes it, written once for its suites:
 * the row's «O'chirish», then «Ha» in the question that follows; and the list's answers, which
 * lose the entry once it is deleted.
 */
import { answers, type StubReply, type StubRoutes } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Deletes what `row` shows: its «O'chirish» button, then «Ha». */
export async function deleteConfirmed(row: HTMLElement): Promise<void> {
  await userEvent.click(within(row).getByRole('button', { name: t.delete }));
  await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.yes }));
}

/**
 * The answers of a list that loses its entry `id` once the server is asked to delete it: `list`
 * answers the entries now (through `answer`: counted or plain, as that route answers), `remove`
 * answers `{ _id }` and takes the entry out.
 */
export function deletableList<T extends { _id: string }>(
  items: T[],
  id: string,
  routes: { list: string; remove: string },
  answer: (items: T[]) => StubReply,
): StubRoutes {
  let current = items;
  return {
    [routes.list]: () => answer(current),
    [routes.remove]: () => {
      current = current.filter((item) => item._id !== id);
      return answers.data({ _id: id });
    },
  };
}
