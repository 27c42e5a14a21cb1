/**
 * A delete from a list of the catalogue as the manager makes it, written once for its suites:
 * the row's «O'chirish», then «Ha» in the question that follows.
 */
import { t } from '@qrmenu/shared/texts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Deletes what `row` shows: its «O'chirish» button, then «Ha». */
export async function deleteConfirmed(row: HTMLElement): Promise<void> {
  await userEvent.click(within(row).getByRole('button', { name: t.delete }));
  await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.yes }));
}
