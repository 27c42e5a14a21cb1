import { defineConfig } from 'vitest/config';
import { FORKS_ONLY, test } from './vitest.config';

/** The orders module's tests that need a process of their own (see FORKS_ONLY). */
export default defineConfig({
  test: { ...test, name: 'mfe-orders-forks', pool: 'forks', include: FORKS_ONLY },
});
