// 000 §3 "The local cache is encrypted": what reaches localStorage is ciphertext, and only the key
// that sealed it opens it.
import { describe, expect, it } from 'vitest';

import { createSecureCache, memoryKeyStore } from './secure-cache.ts';

describe('000 §3 secure cache', () => {
  it('round-trips values and stores only base64 ciphertext', async () => {
    localStorage.clear();
    const cache = createSecureCache({ storage: localStorage, keyStore: memoryKeyStore(), prefix: 't1:' });
    const value = { token: 'abc', currentUser: { name: 'Ana Beatriz Lima' } };
    await cache.set('sessao', value);
    const sealed = localStorage.getItem('t1:sessao') ?? '';
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(atob(sealed)).not.toContain('Ana Beatriz');
    expect(await cache.get('sessao')).toEqual(value);
  });

  it('uses a fresh iv for every write', async () => {
    const cache = createSecureCache({ storage: localStorage, keyStore: memoryKeyStore(), prefix: 't2:' });
    await cache.set('a', 'mesmo valor');
    const first = localStorage.getItem('t2:a');
    await cache.set('a', 'mesmo valor');
    expect(localStorage.getItem('t2:a')).not.toBe(first);
  });

  it('reads nothing (and forgets the entry) when the key is another or the data was tampered with', async () => {
    const writer = createSecureCache({ storage: localStorage, keyStore: memoryKeyStore(), prefix: 't3:' });
    await writer.set('a', { x: 1 });
    const stranger = createSecureCache({ storage: localStorage, keyStore: memoryKeyStore(), prefix: 't3:' });
    expect(await stranger.get('a')).toBeNull();
    expect(localStorage.getItem('t3:a')).toBeNull();

    await writer.set('b', { x: 2 });
    const sealed = localStorage.getItem('t3:b') ?? '';
    localStorage.setItem('t3:b', (sealed[0] === 'A' ? 'B' : 'A') + sealed.slice(1));
    expect(await writer.get('b')).toBeNull();
  });

  it('creates the non-extractable key once and clears only its own entries', async () => {
    const keyStore = memoryKeyStore();
    const cache = createSecureCache({ storage: localStorage, keyStore, prefix: 't4:' });
    await Promise.all([cache.set('a', 1), cache.set('b', 2)]);
    const key = await keyStore.load();
    expect(key?.extractable).toBe(false);
    expect(key?.algorithm.name).toBe('AES-GCM');
    localStorage.setItem('outro', 'fica');
    cache.clear();
    expect(await cache.get('a')).toBeNull();
    expect(localStorage.getItem('outro')).toBe('fica');
  });
});
