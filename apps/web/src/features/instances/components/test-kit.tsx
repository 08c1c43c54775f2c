// Test helpers of the instances feature: an instance factory, and the web test kit's fake API and
// providers (re-exported). The session, unit data and socket modules are mocked per file.
import type { Instance } from '@funil/domain/whatsapp-api/instances-api';

let nextId = 1;
export function makeInstance(overrides: Partial<Instance> & { name: string }): Instance {
  return {
    id: nextId++,
    connectionStatus: 'close',
    ownerJid: null,
    telefone: null,
    profileName: null,
    profilePictureUrl: null,
    base64QrCode: null,
    ...overrides,
  };
}

export { answerRequests, renderWithProviders, sentRequests } from '../../../testing/kit.tsx';
