/**
 * Options with rules end to end on a 375 px phone (docs/PRODUCT.md, "Options and their rules"):
 * the demo's plov (api/src/seed/demo.ts, its options made as they were before rules) gets its
 * rules in the option dialog: «Porsiya» «Bittasini tanlash shart», «Qoʻshimchalar» «Ixtiyoriy,
 * bir nechta» (as many as its rows give: Qazi up to twice, Bedana tuxumi), the preview saying
 * what the guest will see, axe clean on the dialog; a guest at the table then cannot add the plov
 * before choosing its portion (the button disabled, saying why; axe clean on the sheet), adds it
 * with «Qazi» x2 and «Bedana tuxumi» together on one line (axe at 375 and 1280 px on the dialog
 * and the sheet), and sends it; the board and the
 * restaurant's Telegram chat (the fake Bot API) show the rows with their counts. A server of the
 * spec's own, for the fake Bot API.
 */
import { expect, test } from '@playwright/test';
import { SHOWCASE, uzbek } from '../../api/src/seed/demo';
import { expectAccessible } from '../a11y';
import {
  connectBot,
  managedRestaurant,
  openTables,
  orderPost,
  serverApi,
  signIn,
  telegramServer,
} from './pos-support';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

const own = telegramServer();

/** The showcase's plov as the demo writes it. */
const PLOV = SHOWCASE.categories.flatMap((c) => c.products).find((p) => uzbek(p.name) === 'Toshkent oshi')!;
const [PORTION, EXTRAS] = PLOV.options!;

test("the demo's plov asks for its portion; «Qazi» x2 and «Bedana tuxumi» go together on one line to the board and the chat", async ({
  page,
  browser,
  request,
}) => {
  const api = serverApi(request, own.server.url);
  const { manager, restaurantId, slug } = await managedRestaurant(api, 'Qoida Oshxonasi', 'qoida');
  const category = await api.create(manager, 'manager/category/create', {
    title: 'Milliy taomlar',
    restaurant_id: restaurantId,
  });
  const plov = await api.create(manager, 'manager/products', {
    name: uzbek(PLOV.name),
    category_id: category,
    price: PLOV.price,
  });
  // the options as they were before rules (one row or none); the rows with their own limits
  for (const option of [PORTION!, EXTRAS!]) {
    const optionId = await api.create(manager, 'manager/product-option', {
      product_id: plov,
      name: uzbek(option.name),
    });
    for (const [name, price, limits] of option.rows)
      await api.create(manager, 'manager/product-option-row', {
        product_option_id: optionId,
        name: uzbek(name),
        price,
        ...(limits?.max ? { max_quantity: limits.max } : {}),
      });
  }
  const [table] = await openTables(api, manager, restaurantId, ['Stol 5']);
  await connectBot(api, own.fake, manager, slug, {
    bot: 'qoida_bot',
    id: -1002223334450,
    title: 'Qoida oshxonasi',
  });

  // the manager sets the rules in the option dialog
  await signIn(page, own.server.url, manager, 'manager');
  await page.goto(`${own.server.url}/product-option/${plov}`);
  const optionRow = (name: string) => page.getByTestId('option-row').filter({ hasText: name });
  await optionRow(uzbek(PORTION!.name)).getByRole('button', { name: 'Tahrirlash' }).click();
  let dialog = page.getByRole('dialog', { name: 'Opsiyani tahrirlash' });
  await dialog.getByRole('button', { name: 'Bittasini tanlash shart' }).click();
  const preview = dialog.getByTestId('rule-preview');
  await expect(preview).toContainText('1 tasini tanlang');
  await expect(preview.getByRole('radio')).toHaveCount(2);
  await expect(preview.getByRole('radio', { name: 'Kerak emas' })).toHaveCount(0);
  await expectAccessible(page, 'the option dialog with its rule');
  // and as wide as a desktop's
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, 'the option dialog with its rule at 1280 px');
  await page.setViewportSize({ width: 375, height: 740 });
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Opsiya yangilandi!')).toBeVisible();
  await expect(optionRow(uzbek(PORTION!.name))).toContainText('Bittasini tanlash shart');
  await optionRow(uzbek(EXTRAS!.name)).getByRole('button', { name: 'Tahrirlash' }).click();
  dialog = page.getByRole('dialog', { name: 'Opsiyani tahrirlash' });
  // «bir nechta» takes as many as the rows give: Qazi twice and the egg once
  await expect(dialog.getByTestId('rule-preview').getByRole('radio', { name: /Qazi/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Ixtiyoriy, bir nechta' }).click();
  await expect(dialog.getByRole('spinbutton', { name: "Ko'pi bilan nechta tanlanadi" })).toHaveValue('3');
  await expect(dialog.getByTestId('rule-preview').getByRole('checkbox')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog).toBeHidden();
  await expect(optionRow(uzbek(EXTRAS!.name))).toContainText('3 tagacha');

  // a guest at table 5
  const guestContext = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
  const guest = await guestContext.newPage();
  await guest.goto(`${own.server.url}/m/${slug}?p=${table}`);
  await guest.getByRole('button', { name: "Savatga qo'shish: Toshkent oshi" }).click();
  const sheet = guest.getByRole('dialog', { name: 'Toshkent oshi' });
  const portion = sheet.getByRole('group', { name: /Porsiya/ });
  await expect(portion).toContainText('1 tasini tanlang');
  await expect(portion.getByRole('radio')).toHaveCount(2);
  const addIt = sheet.getByRole('button', { name: /Savatga qo'shish ·/ });
  await expect(addIt).toBeDisabled();
  await expect(sheet.getByText('Porsiya: 1 tasini tanlang')).toBeVisible();
  await expectAccessible(guest, "the plov's sheet asking for its portion");
  await portion.getByRole('radio', { name: /Toʻliq/ }).check();
  await expect(addIt).toBeEnabled();
  const extras = sheet.getByRole('group', { name: /Qoʻshimchalar/ });
  await expect(extras).toContainText('3 tagacha');
  await extras.getByRole('checkbox', { name: /Qazi/ }).check();
  await sheet.getByRole('button', { name: "Ko'paytirish: Qazi" }).click();
  await expect(sheet.getByRole('button', { name: "Ko'paytirish: Qazi" })).toBeDisabled();
  await extras.getByRole('checkbox', { name: /Bedana tuxumi/ }).check();
  await expect(addIt).toHaveText("Savatga qo'shish · 99 000 so'm");
  await expectAccessible(guest, 'the sheet with the extras chosen');
  await guest.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(guest, 'the sheet with the extras chosen at 1280 px');
  await guest.setViewportSize({ width: 375, height: 740 });
  await addIt.click();
  await guest.getByRole('button', { name: /^Savat: 1 ta/ }).click();
  const cart = guest.getByRole('dialog', { name: 'Savat' });
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(cart).toContainText('Porsiya: Toʻliq; Qoʻshimchalar: Qazi ×2, Bedana tuxumi');
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  await expect(guest.getByText(/Buyurtma #\d+/).first()).toBeVisible();
  await expect(guest.getByText('Porsiya: Toʻliq; Qoʻshimchalar: Qazi ×2, Bedana tuxumi')).toBeVisible();
  const number = Number(
    (
      await guest
        .getByText(/Buyurtma #\d+/)
        .first()
        .textContent()
    )?.match(/#(\d+)/)?.[1],
  );

  // the board and the chat show the rows with their counts
  await page.goto(`${own.server.url}/orders`);
  const card = page.getByRole('article', { name: new RegExp(`^#${number}, Stol 5$`) });
  await expect(card).toContainText('Porsiya: Toʻliq; Qoʻshimchalar: Qazi ×2, Bedana tuxumi');
  await expect
    .poll(() => orderPost(own.fake, number)?.text ?? '', { timeout: 10_000 })
    .toContain("1 × Toshkent oshi (Porsiya: Toʻliq; Qoʻshimchalar: Qazi ×2, Bedana tuxumi) — 99 000 so'm");
  await guestContext.close();
});
