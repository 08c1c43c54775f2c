// Demo mode: realistic Portuguese messages a lead might send (off by default).

const TEXTS = [
  'Oi, boa tarde! Vi o anúncio de vocês no Instagram, ainda está valendo?',
  'Bom dia, queria saber o valor da mensalidade',
  'Vocês parcelam no cartão?',
  'Pode me mandar mais informações por aqui mesmo?',
  'Qual o endereço da unidade?',
  'Consigo agendar uma visita amanhã de manhã?',
  'Obrigado pelo retorno! Vou conversar com meu marido e te aviso',
  'Tem desconto pagando à vista no pix?',
  'Ainda não consegui ver a proposta, pode reenviar?',
  'Oi! Pode me ligar depois das 18h?',
  'Fechado, pode mandar o contrato 👍',
  'Qual o horário de funcionamento no sábado?',
] as const;

const CAPTIONS = ['Segue o comprovante', 'É esse modelo aqui?', 'Olha o que eu encontrei'] as const;

export type AutoReplyPick = { type: 'text' | 'image' | 'audio'; text?: string; caption?: string };

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)] ?? list[0]!;

export const pickAutoReply = (random: () => number): AutoReplyPick => {
  const roll = random();
  if (roll < 0.1) return { type: 'image', caption: pick(CAPTIONS, random) };
  if (roll < 0.18) return { type: 'audio' };
  return { type: 'text', text: pick(TEXTS, random) };
};
