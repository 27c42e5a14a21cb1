/**
 * The Chakra system with only the recipes in use (Chakra's full theme keeps all of them).
 * A component added to `chakra.ts` whose recipe is missing here renders unstyled.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

export const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // A name may be one long word (the schemas allow 200 characters without a space): it breaks
    // where it must rather than push the page sideways or spill out of its card. Preflight gives
    // every element `break-word` (which does not let a flex or grid item shrink below the word):
    // each element inherits instead, from `anywhere` on the body. Tables keep `break-word`
    // (`anywhere` would narrow their columns to a letter); a cell may opt in for its subtree.
    '*, *::before, *::after': {
      overflowWrap: 'inherit',
      // Less motion for whoever asks for it (the system's "reduce motion" setting, WCAG 2.3.3):
      // every animation and transition ends at once. Not `none`: dialogs, menus and toasts leave
      // the page on `animationend`, which still fires.
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
    body: { overflowWrap: 'anywhere' },
    table: { overflowWrap: 'break-word' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      // a field's error text as dark as WCAG 2.1 AA asks of small text (4.5:1): Chakra's own
      // (fg.error, red.500) is 3.6:1 on the forms' light grey cards; red.700 is 5.9:1
      field: {
        ...fieldSlotRecipe,
        base: {
          ...fieldSlotRecipe.base,
          errorText: { ...fieldSlotRecipe.base?.errorText, color: 'red.700' },
        },
      },
      nativeSelect: nativeSelectSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig);
