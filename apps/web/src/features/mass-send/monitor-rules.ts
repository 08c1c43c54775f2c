// The monitor's display rules (002 §2.3, §4): the progress of a campaign, what its status line
// says (the automatic pause's reason, or until when it waits) and the wa.me link of a lead.
import { formatDateTime } from '@funil/domain/format/date';
import { stripPhone } from '@funil/domain/phone/phone';
import type { MassSendCampaign } from '@funil/domain/mass-send/mass-send-api';

/** The share of a campaign's recipients already handled (sent, failed or skipped), 0–100. */
export function progressOf(campaign: Pick<MassSendCampaign, 'totalClientes' | 'clientesEnviados' | 'clientesErro' | 'clientesNaoEnviados'>): number {
  if (campaign.totalClientes <= 0) return 0;
  const done = campaign.clientesEnviados + campaign.clientesErro + campaign.clientesNaoEnviados;
  return Math.min(100, Math.round((done / campaign.totalClientes) * 100));
}

/** The line under a campaign's status: why it paused itself, or until when it waits (issue 13). */
export function statusNote(campaign: Pick<MassSendCampaign, 'status' | 'motivoPausa' | 'aguardandoAte' | 'motivoEspera'>): string | null {
  if (campaign.status === 'PAUSADO' && campaign.motivoPausa) return campaign.motivoPausa;
  if (campaign.status === 'EM_ANDAMENTO' && campaign.aguardandoAte) {
    const until = `Aguardando até ${formatDateTime(campaign.aguardandoAte)}`;
    return campaign.motivoEspera ? `${campaign.motivoEspera} ${until}` : until;
  }
  return null;
}

/**
 * 002 §2.3: opening a WhatsApp chat externally uses a wa.me link, with the 55 prefix when the unit
 * has no company id (idCompany 0); numbers of units with a company id are used as stored.
 */
export function waMeLink(number: string, idCompany: number): string | null {
  const digits = stripPhone(number.split('@')[0] ?? '');
  if (digits.length < 8) return null;
  // A national number (DDD + number, ≤ 11 digits; DDD 55 is Rio Grande do Sul) gets the country code.
  const withCountry = idCompany > 0 || digits.length > 11 ? digits : `55${digits}`;
  return `https://wa.me/${withCountry}`;
}
