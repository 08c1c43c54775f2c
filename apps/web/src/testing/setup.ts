// Every web test file (vitest.config.ts): a findBy or waitFor waits up to 10 s, as a person would, not
// Testing Library's 1 s. Three test files share two cores in CI and a first MUI render in jsdom can
// take seconds; a test that fails still fails, only later.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
