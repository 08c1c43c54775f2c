// The webphone (issue 12; 002 §2.1, §4): SIP credentials for the session user's extension.
import { SIP_CREDENTIAL_TTL_SECONDS, WEBPHONE_MESSAGES, type SipCredentials } from '@funil/domain/webphone/webphone-api';

import { DomainError } from '../../http/domain-error.ts';
import { ephemeralCredentials } from '../../integrations/sip/sip-credentials.ts';
import type { Session } from '../auth/auth.service.ts';

/** Where the browser's SIP.js registers, or why it cannot (shown as 'Telefone desconectado: …'). */
export type SipOptions = { wsUrl: string; domain: string; secret: string } | { unavailable: string };

/** GET webphone/credenciais: auth_ephemeral credentials for the user's idRamal. */
export function sipCredentials(sip: SipOptions | undefined, session: Session, now = new Date()): SipCredentials {
  const ramal = session.access.idRamal;
  if (!(ramal > 0)) throw new DomainError('conflict', WEBPHONE_MESSAGES.noExtension);
  if (!sip) throw new DomainError('gateway', WEBPHONE_MESSAGES.sipUnavailable);
  if ('unavailable' in sip) throw new DomainError('gateway', `${WEBPHONE_MESSAGES.disconnected}: ${sip.unavailable}`);
  const c = ephemeralCredentials(sip.secret, ramal, SIP_CREDENTIAL_TTL_SECONDS, now);
  return {
    ws_url: sip.wsUrl,
    dominio: sip.domain,
    ramal,
    usuario: c.usuario,
    senha: c.senha,
    expira_em: c.expiraEm.toISOString(),
  };
}
