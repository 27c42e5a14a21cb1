import { ROUTES } from '@qrmenu/shared/paths';
import { setRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { answers, axeViolations, fixtures, openPage } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { qrImage, qrSvgFile } from '../src/qr/qrImage';
import RestaurantDetailPage from '../src/restaurants/RestaurantDetailPage';
import { openManagerHome } from './manager-home';
import { decode } from './qr-decode';

describe('qrImage', () => {
  it('draws a code that a reader decodes to the address, with the quiet zone around it', () => {
    const url = 'https://menu.example.uz/m/rayhon-milliy-taomlar';
    const image = qrImage(url);
    expect(decode(image)).toBe(url);
    // the four light modules of the quiet zone: no run starts before them
    const starts = [...image.path.matchAll(/M(\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(Math.min(...starts.map(([x]) => x!))).toBe(4);
    expect(Math.min(...starts.map(([, y]) => y!))).toBe(4);
  });

  it('saves the same drawing as a standalone SVG file', () => {
    const image = qrImage('http://localhost:3000/m/a');
    const file = qrSvgFile(image);
    expect(file).toContain(`viewBox="0 0 ${image.size} ${image.size}"`);
    expect(file).toContain(`d="${image.path}"`);
    expect(file).toMatch(/^<\?xml/);
  });
});

const restaurant = fixtures.restaurant({
  _id: 'q1',
  slug: 'rayhon',
  name: 'Rayhon',
  manager_id: 'm1',
  is_active: true,
});

/** Files saved through `saveFile`: the blob and the name of the download link clicked. */
let saved: { blob: Blob; name: string }[] = [];

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:qr-${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  // jsdom cannot download: record what the link would save instead
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) saved.push({ blob, name: this.download });
  });
});

afterEach(() => {
  setRuntimeConfig({});
});

async function openQr() {
  await userEvent.click(await screen.findByRole('button', { name: t.qr.title }));
  return screen.findByRole('dialog', { name: t.qr.title });
}

describe('QR kod on the restaurant detail page', () => {
  it('shows the code of the public menu address, opens the menu, downloads the SVG and prints', async () => {
    setRuntimeConfig({ publicMenuBase: 'https://menu.example.uz' });
    openPage(<RestaurantDetailPage />, '/admin/viewRestaurant/q1/rayhon', {
      path: ROUTES.admin.restaurant,
      as: 'admin',
      answers: {
        'GET /user/restaurants/view': answers.data(restaurant),
        'GET /admin/managers': answers.data([fixtures.manager({ _id: 'm1', login: 'aziz' })]),
      },
    });
    const dialog = await openQr();
    const url = 'https://menu.example.uz/m/rayhon';
    const code = within(dialog).getByRole('img', { name: t.qr.imageAlt('Rayhon') });
    const path = code.querySelector('path')?.getAttribute('d');
    expect(path).toBe(qrImage(url).path);
    expect(decode(qrImage(url))).toBe(url);
    expect(within(dialog).getByTestId('qr-url')).toHaveTextContent(url);
    const open = within(dialog).getByRole('link', { name: t.qr.openMenu });
    expect(open).toHaveAttribute('href', url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(within(dialog).queryByText(t.qr.inactiveNote)).toBeNull();
    // one code for every language; a link per language for a card printed in one
    const links = within(within(dialog).getByTestId('qr-language-links')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `${url}?lang=uz`,
      `${url}?lang=ru`,
      `${url}?lang=en`,
    ]);
    expect(within(dialog).getByText('Русский')).toHaveAttribute('lang', 'ru');

    await userEvent.click(within(dialog).getByRole('button', { name: t.qr.downloadSvg }));
    expect(saved.map((f) => f.name)).toEqual(['qr-rayhon.svg']);
    expect(saved[0]!.blob.type).toBe('image/svg+xml');
    expect(await saved[0]!.blob.text()).toContain(`d="${path}"`);

    // "Chop etish": the browser's print dialog, over a sheet that is a child of <body>
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(within(dialog).getByRole('button', { name: t.qr.print }));
    expect(print).toHaveBeenCalledTimes(1);
    const sheet = screen.getByTestId('qr-print-sheet');
    expect(sheet.parentElement).toBe(document.body);
    expect(sheet).toHaveTextContent('Rayhon');
    expect(sheet).toHaveTextContent(url);
    expect(sheet).toHaveTextContent(t.qr.scanHint);
    expect(sheet.querySelector('path')?.getAttribute('d')).toBe(path);

    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('qr-print-sheet')).toBeNull();
  });

  it("uses this origin without PUBLIC_MENU_URL, and warns that guests of an inactive restaurant see 'Sahifa topilmadi'", async () => {
    openPage(<RestaurantDetailPage />, '/admin/viewRestaurant/q1/rayhon', {
      path: ROUTES.admin.restaurant,
      as: 'admin',
      answers: {
        'GET /user/restaurants/view': answers.data({ ...restaurant, is_active: false }),
        'GET /admin/managers': answers.data([]),
      },
    });
    const dialog = await openQr();
    expect(within(dialog).getByTestId('qr-url')).toHaveTextContent(`${window.location.origin}/m/rayhon`);
    expect(within(dialog).getByText(t.qr.inactiveNote)).toBeInTheDocument();
  });
});

describe("QR kod on the manager's home", () => {
  it('opens the code of its own restaurant', async () => {
    openManagerHome(restaurant);
    const dialog = await openQr();
    expect(within(dialog).getByTestId('qr-url')).toHaveTextContent(`${window.location.origin}/m/rayhon`);
    expect(within(dialog).getByRole('button', { name: t.qr.downloadPng })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
