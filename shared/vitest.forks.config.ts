import { defineProject } from 'vitest/config';
import { FORKS_ONLY, test } from './vitest.config';

/** The shared package's tests that need a process of their own (see FORKS_ONLY). */
export default defineProject({
  test: { ...test, name: 'shared-forks', pool: 'forks', include: FORKS_ONLY },
});
