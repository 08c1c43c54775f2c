// Gateway instances as the Instâncias screen sees them (001 §2 "Instâncias screen", §3 "Gateway
// instance", §4 "Gateway instance connection"). The instance token and webhook secret never leave the server.
import { z } from 'zod';

export const CONNECTION_STATUSES = ['open', 'close', 'connecting', 'refused'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** 001 §2 Instâncias: chip label per connectionStatus ('other' → 'Desconhecido'). */
export const CONNECTION_STATUS_LABEL: Record<string, string> = {
  open: 'Conectado',
  close: 'Desconectado',
  connecting: 'Gerando QRCode',
};

export const instanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  connectionStatus: z.string(),
  ownerJid: z.string().nullable(),
  /** The owner's national number (digits), from ownerJid. */
  telefone: z.string().nullable(),
  profileName: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  /** The last QR code (PNG data URL) while connecting; null otherwise. */
  base64QrCode: z.string().nullable(),
});
export type Instance = z.infer<typeof instanceSchema>;

export const instanceListResponseSchema = z.object({ data: z.array(instanceSchema) });

export const INSTANCE_NAME_PATTERN = /^[A-Za-z0-9_-]{3,60}$/;

export const createInstanceBodySchema = z.object({
  name: z
    .string()
    .trim()
    .regex(INSTANCE_NAME_PATTERN, 'Nome da instância inválido: use de 3 a 60 letras, números, hífens ou sublinhados.'),
});
export type CreateInstanceBody = z.infer<typeof createInstanceBodySchema>;

export const instanceResponseSchema = z.object({ data: instanceSchema, message: z.string().optional() });

/**
 * GET /api/instance/connect/:instance (ref §3.2): 'qr' with the PNG data URL, 'pending' when the
 * gateway has no QR yet ({count:0}: the QR arrives on the whatsappSession socket), 'open' when connected.
 */
export const connectResponseSchema = z.object({
  status: z.enum(['qr', 'pending', 'open']),
  base64: z.string().nullable(),
  pairingCode: z.string().nullable(),
  instance: instanceSchema,
});
export type ConnectResponse = z.infer<typeof connectResponseSchema>;

export const connectionStateResponseSchema = z.object({
  instance: z.object({ instanceName: z.string(), state: z.string() }),
  data: instanceSchema,
});
