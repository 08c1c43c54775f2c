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
