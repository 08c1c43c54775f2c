// A complete crm_contato lead, the fake API and the providers (the web test kit's) for this feature's component tests.
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { makeCrmContato } from '@funil/domain/testing/factories';

import { answerCalls, type FetchCall } from '../../../testing/kit.tsx';

export { renderWithProviders } from '../../../testing/kit.tsx';

export function testCrmContato(overrides: Partial<CrmContato> = {}): CrmContato {
  return makeCrmContato(overrides);
}

/** The fake API (the web test kit's MSW server) answering by `METHOD /api/path`; records every call. */
export function stubApi(routes: Record<string, (call: FetchCall) => { status?: number; body: unknown }>) {
  return answerCalls(routes);
}
