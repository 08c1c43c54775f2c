// The only file that reads process.env; parsed once at start, a bad value stops the process.
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  FUNIL_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  // The WhatsApp gateway (Evolution API v2). Without a URL, `npm start` runs the emulator beside the server.
  EVOLUTION_URL: z.string().url().optional(),
  EVOLUTION_API_KEY: z.string().min(8).optional(),
  // The address the gateway uses to reach our webhook.
  PUBLIC_URL: z.string().url().optional(),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Env = z.infer<typeof envSchema>;

/** Parses the environment; prints one clear line per problem and exits on failure. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`Configuração inválida: ${issue.path.join('.')}: ${issue.message}`);
    process.exit(1);
  }
  return parsed.data;
}
