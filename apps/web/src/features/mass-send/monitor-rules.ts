// The monitor's display rules (002 §2.3, §4): the progress of a campaign, what its status line
// says (the automatic pause's reason, or until when it waits) and the wa.me link of a lead.
import { formatDateTime } from '@funil/domain/format/date';
import type { MassSendCampaign } from '@funil/domain/mass-send/mass-send-api';
import { stripPhone } from '@funil/domain/phone/phone';

/**
 * The share of the bar, 0–100: while a campaign runs or is paused, its recipients already handled
 * (sent, failed or skipped); once finalized, those that received the message (issue 21 item 11: a
 * campaign finalized at 5 of 10 is not a full bar).
 */
export function barOf(campaign: Counted): number {
  if (campaign.status !== 'FINALIZADO' || campaign.totalClientes <= 0) return progressOf(campaign);
  return Math.min(100, Math.round((campaign.clientesEnviados / campaign.totalClientes) * 100));
}

/** The share of a campaign's recipients already handled (sent, failed or skipped), 0–100. */
export function progressOf(
  campaign: Pick<MassSendCampaign, 'totalClientes' | 'clientesEnviados' | 'clientesErro' | 'clientesNaoEnviados'>,
): number {
  if (campaign.totalClientes <= 0) return 0;
  const done = campaign.clientesEnviados + campaign.clientesErro + campaign.clientesNaoEnviados;
  return Math.min(100, Math.round((done / campaign.totalClientes) * 100));
}

type Counted = Pick<MassSendCampaign, 'status' | 'totalClientes' | 'clientesEnviados' | 'clientesErro' | 'clientesNaoEnviados'>;

const countFormat = new Intl.NumberFormat('pt-BR');
const countOf = (n: number, one: string, many: string) => `${countFormat.format(n)} ${n === 1 ? one : many}`;

/**
 * What a campaign's progress says (issue 21 item 11): what was sent, failed, skipped ('Não
 * Enviado', 002 §4: also the leads a Finalizar left) and is still pending, never a bare
 * percentage, so a campaign finalized at 5 of 10 does not read as done. The share handled is
 * added only while the campaign runs or is paused.
 */
export function progressText(campaign: Counted): string {
  const pending = Math.max(
    0,
    campaign.totalClientes - campaign.clientesEnviados - campaign.clientesErro - campaign.clientesNaoEnviados,
  );
  const parts = [countOf(campaign.clientesEnviados, 'enviado', 'enviados')];
  if (campaign.clientesErro > 0) parts.push(countOf(campaign.clientesErro, 'com erro', 'com erro'));
  if (campaign.clientesNaoEnviados > 0) parts.push(countOf(campaign.clientesNaoEnviados, 'não enviado', 'não enviados'));
  if (pending > 0) parts.push(countOf(pending, 'pendente', 'pendentes'));
  const text = `${countOf(campaign.totalClientes, 'lead', 'leads')}: ${parts.join(', ')}`;
  return campaign.status === 'FINALIZADO' ? text : `${text} · ${progressOf(campaign)}% concluído`;
}

/** The line under a campaign's status: why it paused itself, or until when it waits (issue 13). */
export function statusNote(
  campaign: Pick<MassSendCampaign, 'status' | 'motivoPausa' | 'aguardandoAte' | 'motivoEspera'>,
): string | null {
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
