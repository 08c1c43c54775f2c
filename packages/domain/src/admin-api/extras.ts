// The per-company feature toggles of 002 §2.9 and §6 (000 §3 "Extra settings flags"):
// GET and PUT cadastros/configuracoes-extras.
import { z } from 'zod';

export const EXTRAS_MESSAGES = {
  saved: 'Funcionalidades salvas com sucesso!',
  unknownFlag: 'Funcionalidade desconhecida.',
} as const;

/** The toggles the screen shows, with their labels, in order (002 §2.9; 'atendete' is the spec's spelling). */
export const EXTRAS_TOGGLES = [
  { key: 'pipeline', label: 'Pipeline' },
  { key: 'clienteAtendente', label: 'Atribuir cliente à atendete' },
  { key: 'assinaturaWhatsapp', label: 'Assinar mensagem' },
  { key: 'agendarMensagemHeaderWhatsapp', label: 'Agendar mensagem pelo header do WhatsApp' },
  { key: 'edicao_status_cliente', label: 'Edição de status do cliente' },
] as const;

/** Every boolean flag of configuracoesExtra the API writes (000 §3). */
export const EXTRAS_FLAG_KEYS = [
  'atendimento_habilitado',
  'whatsapp_v2',
  'pipeline',
  'automacao',
  'metaInsights',
  'dash_v2',
  'habilita_envio_em_massaV2',
  'cadastrarCEP',
  'clienteAtendente',
  'listaAtendente',
  'assinaturaWhatsapp',
  'agendarMensagemHeaderWhatsapp',
  'edicao_status_cliente',
] as const;
export type ExtrasFlagKey = (typeof EXTRAS_FLAG_KEYS)[number];

const flag = z.boolean({ error: 'Use verdadeiro ou falso.' }).optional();
const massSend = z
  .object({
    quantidade_max_leads: z.number().int().min(1).max(1000),
    tempo_minimo: z.number().int().min(1).max(3600),
    tempo_maximo: z.number().int().min(1).max(3600),
  })
  // Issue 13: the engine's caps, warm-up, hours and error share (massSendSettingsOf repairs bad values).
  .loose()
  .refine((m) => m.tempo_minimo <= m.tempo_maximo, {
    message: 'O tempo mínimo deve ser menor ou igual ao máximo.',
    path: ['tempo_minimo'],
  });

/**
 * PUT cadastros/configuracoes-extras: "JSON of flags" (002 §7). A flag left out keeps its value;
 * a key outside 000 §3 is refused.
 */
export const extrasBodySchema = z.strictObject(
  {
    ...(Object.fromEntries(EXTRAS_FLAG_KEYS.map((k) => [k, flag])) as Record<ExtrasFlagKey, typeof flag>),
    configuracoes_envio_em_massa: massSend.optional(),
  },
  { error: EXTRAS_MESSAGES.unknownFlag },
);
export type ExtrasBody = z.input<typeof extrasBodySchema>;

/** The company's toggles: every flag with its value (off when never set). */
export const extrasSchema = z.object({
  ...(Object.fromEntries(EXTRAS_FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<ExtrasFlagKey, z.ZodBoolean>),
  configuracoes_envio_em_massa: z
    .object({ quantidade_max_leads: z.number().int(), tempo_minimo: z.number().int(), tempo_maximo: z.number().int() })
    .nullable(),
});
export type Extras = z.infer<typeof extrasSchema>;
export const extrasResponseSchema = z.object({ data: extrasSchema });
export const extrasSavedSchema = z.object({ message: z.string(), data: extrasSchema });
