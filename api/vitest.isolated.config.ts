import { defineProject } from 'vitest/config';
import { ISOLATED, test } from './vitest.config';

/** The API's tests that need a module graph of their own (see ISOLATED). */
export default defineProject({
  test: { ...test, name: 'api-isolated', include: ISOLATED },
});
