// 000 §7 POST contato/chamadaid/{id} and POST contato/proximaligacao/{id}: what the webphone's call
// queue (002 §4 "Call-queue control") reports about a call, as JSON or form fields.
import { z } from 'zod';

/** The softphone's chamada_id (002 §4: the frame sends status, chamada_id, stats_webphone). */
const callId = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().trim().min(1, 'Informe o id da chamada.').max(100, 'Id da chamada muito longo.'));

const seconds = z.coerce
  .number({ error: 'Informe a duração em segundos.' })
  .int('Informe a duração em segundos.')
  .min(0, 'A duração não pode ser negativa.')
  .max(86_400, 'Duração acima de 24 horas.');

/** POST contato/chamadaid/{id}: a call to the lead started. */
export const callStartBodySchema = z.object({ chamada_id: callId });
export type CallStartBody = z.infer<typeof callStartBodySchema>;

/**
 * POST contato/proximaligacao/{id}: the call ended and the queue moves on. `duracao_falada` (talk
 * time) decides answered or not against valor_minimo_segundos_chamada_atendida; the rest is kept on
 * the history event (000 §3 "History event": url_gravacao, duracao, duracao_falada, duracao_cobrada,
 * status_chamada, motivo_desconexao).
 */
export const callEndBodySchema = z.object({
  chamada_id: callId.optional(),
  duracao: seconds.optional(),
  duracao_falada: seconds.optional(),
  duracao_cobrada: seconds.optional(),
  status_chamada: z.string().trim().max(50, 'Status da chamada muito longo.').optional(),
  motivo_desconexao: z.string().trim().max(100, 'Motivo de desconexão muito longo.').optional(),
  url_gravacao: z.url('URL da gravação inválida.').max(2048).optional(),
});
export type CallEndBody = z.infer<typeof callEndBodySchema>;
