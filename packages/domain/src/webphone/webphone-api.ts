// The webphone's own endpoints (issue 12; 002 §2.1, §4): short-lived SIP credentials for the
// session user's extension, and the call queue's next leads with their lease.
import { z } from 'zod';

/** Texts of the webphone (pt-BR). */
export const WEBPHONE_MESSAGES = {
  /** 'Telefone desconectado' with the reason after a colon. */
  disconnected: 'Telefone desconectado',
  noExtension: 'Seu usuário não tem ramal cadastrado. Peça ao administrador para informar o ramal.',
  sipUnavailable: 'Telefone desconectado: servidor SIP indisponível.',
  leaseTaken: 'Este contato já está em ligação com outro atendente.',
  leaseReleased: 'Contato liberado.',
  outsideHours: 'Fora do horário de ligações da unidade.',
} as const;

/** How long issued SIP credentials stay valid (auth_ephemeral username = expiry:extension). */
export const SIP_CREDENTIAL_TTL_SECONDS = 2 * 60 * 60;

/** GET webphone/credenciais. */
export const sipCredentialsSchema = z.object({
  data: z.object({
    ws_url: z.string(),
    dominio: z.string(),
    ramal: z.number().int(),
    /** `expiry:extension`, the auth_ephemeral username. */
    usuario: z.string(),
    /** base64(HMAC-SHA1(secret, usuario)). */
    senha: z.string(),
    expira_em: z.string(),
  }),
});
export type SipCredentials = z.infer<typeof sipCredentialsSchema>['data'];

/** POST webphone/fila: the next leads of the queue, each claimed for the caller. */
export const queueRequestSchema = z.object({
  quantidade: z.coerce
    .number({ error: 'Informe a quantidade de contatos.' })
    .int('Informe a quantidade de contatos.')
    .min(1, 'Peça ao menos 1 contato.')
    .max(10, 'Peça no máximo 10 contatos.')
    .default(3),
  /** Leads the screen already holds or skipped. */
  excluir: z.array(z.coerce.number().int().positive()).max(100, 'Lista de exclusão longa demais.').default([]),
});
export type QueueRequest = z.infer<typeof queueRequestSchema>;

/** GET webphone/horario (issue 12): the unit's call hours now; closed says until when (null: no window set). */
export const callHoursNowSchema = z.object({
  data: z.object({ aberto: z.boolean(), ate: z.string().nullable(), motivo: z.enum(['feriado', 'fora_do_horario']).nullable() }),
});
export type CallHoursNow = z.infer<typeof callHoursNowSchema>['data'];

/** POST webphone/fila/liberar/{id}. */
export const leaseReleasedSchema = z.object({ message: z.string(), data: z.object({ liberado: z.boolean() }) });

/** Largest browser recording accepted (about 40 min of Opus at 64 kbit/s). */
export const RECORDING_MAX_BYTES = 20 * 1024 * 1024;
export const RECORDING_TYPES = ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/wav'] as const;
/** A stored recording's file name: a random id and its extension. */
export const recordingFileSchema = z.string().regex(/^[a-f0-9]{32}\.(webm|ogg|mp3|wav)$/, 'Gravação inválida.');

/** POST webphone/gravacao/{id} answers where the recording is served (for url_gravacao). */
export const recordingSavedSchema = z.object({
  message: z.string(),
  data: z.object({ arquivo: z.string(), caminho: z.string() }),
});

export const RECORDING_MESSAGES = {
  saved: 'Gravação enviada com sucesso.',
  missing: 'Envie o arquivo da gravação no campo arquivo.',
  badType: 'Formato de gravação não suportado.',
  notFound: 'Gravação não encontrada.',
} as const;
