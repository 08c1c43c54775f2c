// 000 §3: the local cache is encrypted. Values are sealed with AES-GCM under a key generated in the
// browser as non-extractable and kept in IndexedDB, so no script (and no bundle) can read the key
// itself; localStorage only ever holds base64(iv + ciphertext).

/** Where the cache key lives. IndexedDB in the browser; tests may inject another store. */
export type KeyStore = {
  load(): Promise<CryptoKey | null>;
  /** Saves the key unless one exists already; returns the key that is now stored. */
  saveIfAbsent(key: CryptoKey): Promise<CryptoKey>;
};

export type SecureCache = {
  get(name: string): Promise<unknown>;
  set(name: string, value: unknown): Promise<void>;
  remove(name: string): void;
  /** Drops every entry of this cache (the key stays: it protects nothing once the data is gone). */
  clear(): void;
};

const IV_BYTES = 12;

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}

/** The default key store: one record in an IndexedDB object store. CryptoKey objects are structured-cloneable. */
export function indexedDbKeyStore(databaseName = 'funil', storeName = 'chaves', keyName = 'cache'): KeyStore {
  const open = (): Promise<IDBDatabase> => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    return requestResult(request);
  };
  const withStore = async <T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    try {
      return await requestResult(run(db.transaction(storeName, mode).objectStore(storeName)));
    } finally {
      db.close();
    }
  };
  const load = async (): Promise<CryptoKey | null> => {
    const value: unknown = await withStore('readonly', (store) => store.get(keyName));
    return value instanceof CryptoKey ? value : null;
  };
  return {
    load,
    async saveIfAbsent(key) {
      try {
        // add() refuses to overwrite: when two tabs race on first use, both end up with the first key.
        await withStore('readwrite', (store) => store.add(key, keyName));
        return key;
      } catch {
        const stored = await load();
        if (!stored) throw new Error('Não foi possível guardar a chave do cache.');
        return stored;
      }
    },
  };
}

/** A key store in memory, for tests and for browsers without IndexedDB. */
export function memoryKeyStore(): KeyStore {
  let stored: CryptoKey | null = null;
  return {
    load: () => Promise.resolve(stored),
    saveIfAbsent(key) {
      stored ??= key;
      return Promise.resolve(stored);
    },
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type SecureCacheOptions = { storage: Storage; keyStore: KeyStore; prefix?: string };

export function createSecureCache({ storage, keyStore, prefix = 'funil:' }: SecureCacheOptions): SecureCache {
  let keyPromise: Promise<CryptoKey> | null = null;
  const cryptoKey = (): Promise<CryptoKey> => {
    keyPromise ??= (async () => {
      const existing = await keyStore.load();
      if (existing) return existing;
      const created = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      return keyStore.saveIfAbsent(created);
    })().catch((error: unknown) => {
      keyPromise = null;
      throw error;
    });
    return keyPromise;
  };
  const storageKey = (name: string) => prefix + name;

  return {
    async get(name) {
      const sealed = storage.getItem(storageKey(name));
      if (sealed === null) return null;
      try {
        const bytes = fromBase64(sealed);
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
          await cryptoKey(),
          bytes.slice(IV_BYTES),
        );
        return JSON.parse(new TextDecoder().decode(plain)) as unknown;
      } catch {
        // Tampered, or sealed under a key that is gone: unreadable data is no data.
        storage.removeItem(storageKey(name));
        return null;
      }
    },
    async set(name, value) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const plain = new TextEncoder().encode(JSON.stringify(value));
      const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await cryptoKey(), plain));
      const sealed = new Uint8Array(IV_BYTES + cipher.length);
      sealed.set(iv);
      sealed.set(cipher, IV_BYTES);
      storage.setItem(storageKey(name), toBase64(sealed));
    },
    remove(name) {
      storage.removeItem(storageKey(name));
    },
    clear() {
      const names = Array.from({ length: storage.length }, (_, i) => storage.key(i));
      for (const key of names) if (key?.startsWith(prefix)) storage.removeItem(key);
    },
  };
}

let appCache: SecureCache | null = null;

/** The app's cache: localStorage sealed with the IndexedDB key (a key in memory when IndexedDB is missing). */
export function secureCache(): SecureCache {
  appCache ??= createSecureCache({
    storage: localStorage,
    keyStore: typeof indexedDB === 'undefined' ? memoryKeyStore() : indexedDbKeyStore(),
  });
  return appCache;
}
