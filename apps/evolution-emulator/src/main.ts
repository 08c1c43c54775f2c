import { createEmulator } from './emulator.ts';

// Standalone run: the only file of the emulator that reads process.env.
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const globalApiKey = process.env.EVOLUTION_API_KEY;
if (!globalApiKey) {
  console.error('EVOLUTION_API_KEY is required (the global apikey clients must send).');
  process.exit(1);
}
const phones = (process.env.EMULATOR_AUTO_REPLY_PHONES ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);

const emulator = createEmulator({
  globalApiKey,
  logger: process.env.EMULATOR_LOG === '1',
  ...(process.env.EVOLUTION_SERVER_URL ? { serverUrl: process.env.EVOLUTION_SERVER_URL } : {}),
  ...(process.env.EMULATOR_CONTROL_KEY ? { controlKey: process.env.EMULATOR_CONTROL_KEY } : {}),
  autoReply: {
    enabled: process.env.EMULATOR_AUTO_REPLY === '1',
    intervalMs: Number(process.env.EMULATOR_AUTO_REPLY_INTERVAL_MS ?? 20_000),
    phones,
  },
});

const url = await emulator.listen(port, host);
console.log(`Evolution API emulator listening on ${url}`);
// The control routes answer only on loopback, with this key in the x-emulator-control-key header.
if (!process.env.EMULATOR_CONTROL_KEY) console.log(`Control key (header x-emulator-control-key): ${emulator.controlKey}`);

const stop = (): void => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
