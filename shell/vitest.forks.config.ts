import { defineConfig } from 'vitest/config';
import { FORKS_ONLY, test } from './vitest.config';

/** The shell's tests that need a process of their own (see FORKS_ONLY). */
export default defineConfig({
  test: { ...test, name: 'shell-forks', pool: 'forks', include: FORKS_ONLY },
});
