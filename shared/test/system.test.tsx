import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, system, UiProvider } from '../src/ui';

describe('UI system', () => {
  it('has the recipe of every re-exported component that uses one, and not the rest', () => {
    for (const key of ['badge', 'button', 'checkmark', 'heading', 'input', 'link']) {
      expect(system.isRecipe(key), key).toBe(true);
    }
    for (const key of ['separator', 'skeleton', 'spinner', 'textarea'])
      expect(system.isRecipe(key), key).toBe(true);
    for (const key of [
      'card',
      'checkbox',
      'dialog',
      'field',
      'nativeSelect',
      'switch',
      'table',
      'tabs',
      'toast',
    ]) {
      expect(system.isSlotRecipe(key), key).toBe(true);
    }
    // trimmed: recipes of components nobody imports
    for (const key of ['accordion', 'menu', 'select', 'combobox', 'datePicker', 'tooltip', 'avatar']) {
      expect(system.isSlotRecipe(key), key).toBe(false);
    }
    expect(system.isRecipe('kbd')).toBe(false);
    expect(system.isRecipe('container')).toBe(false);
  });

  it('styles a Button through its recipe', () => {
    render(
      <UiProvider>
        <Button colorPalette="blue">Saqlash</Button>
      </UiProvider>,
    );
    const button = screen.getByRole('button', { name: 'Saqlash' });
    expect(button.className).toMatch(/chakra-button/);
    const css = Array.from(document.querySelectorAll('style'))
      .map((s) => s.textContent)
      .join('\n');
    const cls = Array.from(button.classList).find((c) => c.startsWith('css-'));
    expect(cls).toBeDefined();
    // the button recipe's base styles land in the recipes layer under the element's class
    const recipeRule = css.slice(css.indexOf(`@layer recipes{.${cls}{`));
    expect(css).toContain(`@layer recipes{.${cls}{`);
    expect(recipeRule.slice(0, 1500)).toContain('display:inline-flex');
    expect(recipeRule.slice(0, 1500)).toContain('border-radius:var(--chakra-radii-l2)');
  });

  it('ends every animation and transition at once for whoever asks the system for less motion', () => {
    render(
      <UiProvider>
        <Button>Saqlash</Button>
      </UiProvider>,
    );
    const css = Array.from(document.querySelectorAll('style'))
      .map((s) => s.textContent)
      .join('\n')
      .replace(/\s+/g, '');
    const rule = css.match(
      /@media\(prefers-reduced-motion:reduce\)\{\*,\*?::before,\*?::after\{([^}]*)\}/,
    )?.[1];
    // not `none`: dialogs, menus and toasts leave the page on `animationend`, which still fires
    for (const declaration of [
      'animation-duration:0.01ms!important',
      'animation-iteration-count:1!important',
      'transition-duration:0.01ms!important',
      'scroll-behavior:auto!important',
    ])
      expect(rule?.split(';')).toContain(declaration);
  });
});
