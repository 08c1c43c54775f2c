// The one indexed phone key of a lead (leads.telefone_chave): the 10-digit national form when the
// number has one, so both ninth-digit forms of a sender find it (001 §5 "Phone matching").
import { phoneMatchKeys } from '@funil/domain/phone/matching';
import { stripPhone } from '@funil/domain/phone/phone';

export function phoneKey(phone: string): string {
  const keys = phoneMatchKeys(phone);
  return keys.find((k) => k.length === 10) ?? keys[0] ?? stripPhone(phone);
}
