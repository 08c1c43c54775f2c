import { createMetaEmulator } from './emulator.ts';

// Standalone run: the only file of the emulator that reads process.env.
const port = Number(process.env.PORT ?? 8090);
const host = process.env.HOST ?? '127.0.0.1';
const appId = process.env.META_APP_ID ?? '1234567890123456';
const appSecret = process.env.META_APP_SECRET;
if (!appSecret) {
  console.error('META_APP_SECRET is required (the secret of appsecret_proof and of the webhook signature).');
  process.exit(1);
}
const emulator = createMetaEmulator({
  appId,
  appSecret,
  logger: process.env.EMULATOR_LOG === '1',
  ...(process.env.META_API_VERSION ? { version: process.env.META_API_VERSION } : {}),
  ...(process.env.META_EMULATOR_PUBLIC_URL ? { publicUrl: process.env.META_EMULATOR_PUBLIC_URL } : {}),
  ...(process.env.EMULATOR_CONTROL_KEY ? { controlKey: process.env.EMULATOR_CONTROL_KEY } : {}),
});
if (process.env.META_EMULATOR_DEMO === '1') emulator.control.seedDemo();
const url = await emulator.listen(port, host);
console.log(`Meta Graph API emulator (${emulator.version}) listening on ${url}`);
if (!process.env.EMULATOR_CONTROL_KEY) console.log(`Control key (header x-emulator-control-key): ${emulator.controlKey}`);

const stop = (): void => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
