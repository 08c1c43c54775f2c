// Every web test file (vitest.config.ts): a findBy or waitFor waits up to 10 s, as a person would, not
// Testing Library's 1 s. Three test files share two cores in CI and a first MUI render can
// take seconds; a test that fails still fails, only later.
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

configure({ asyncUtilTimeout: 10_000 });
// The web project runs without isolation (vitest.config.ts): a worker keeps React, MUI and jsdom
// loaded across its files. The app's own modules start afresh in each file, as under isolation, so
// a file's vi.mock applies and no session, socket or query state of an earlier file is left.
vi.resetModules();
const { installFakeApi } = await import('./api-server.ts');
installFakeApi();
