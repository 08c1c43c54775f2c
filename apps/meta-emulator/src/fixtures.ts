// Brazilian people and a Brazilian clinic's ads, for seeding: deterministic from a seed number so
// that tests and the demo see the same world on every start.

const FIRST = [
  'Ana',
  'Beatriz',
  'Camila',
  'Débora',
  'Fernanda',
  'Gabriela',
  'Juliana',
  'Larissa',
  'Márcia',
  'Patrícia',
  'João',
  'José',
  'Luís',
  'Marcos',
  'Rafael',
  'Sérgio',
  'Thiago',
  'Vinícius',
  'Antônio',
  'Conceição',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Araújo',
  'Gonçalves',
  'Ribeiro',
  'Carvalho',
  'Gomes',
  'Conceição',
  'Magalhães',
  'Brandão',
];
const DDD = ['11', '21', '31', '41', '51', '61', '71', '81', '85', '19'];
const CITIES = [
  'São Paulo',
  'Rio de Janeiro',
  'Belo Horizonte',
  'Curitiba',
  'Porto Alegre',
  'Brasília',
  'Salvador',
  'Recife',
  'Fortaleza',
  'Campinas',
];

/** A small deterministic generator (mulberry32). */
export const seeded = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const pickOf = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const ascii = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export type Person = { name: string; phone: string; email: string; city: string; index: number };

/** A Brazilian person: full name with accents, a mobile phone as people type it in forms, an e-mail. */
export const brazilianPerson = (random: () => number, index: number): Person => {
  const first = pickOf(random, FIRST);
  const last = `${pickOf(random, LAST)} ${pickOf(random, LAST)}`;
  const i = Math.floor(random() * DDD.length);
  const digits = String(Math.floor(random() * 1e8)).padStart(8, '0');
  // Lead forms send the phone as the person typed it, often with +55 and formatting.
  const style = Math.floor(random() * 3);
  const phone =
    style === 0
      ? `+55${DDD[i]}9${digits}`
      : style === 1
        ? `(${DDD[i]}) 9${digits.slice(0, 4)}-${digits.slice(4)}`
        : `${DDD[i]}9${digits}`;
  const domain = pickOf(random, ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br']);
  const email = `${ascii(first)}.${ascii(last.split(' ')[0]!)}${index}@${domain}`;
  return { name: `${first} ${last}`, phone, email, city: CITIES[i]!, index };
};

/** The demo clinic's campaigns: ad sets and ads under each, names as a Brazilian clinic writes them. */
export const CLINIC_CAMPAIGNS = [
  {
    name: 'Implante Dentário - Cadastros | Nov',
    objective: 'OUTCOME_LEADS',
    dailyBudgetCents: 8_000,
    adsets: [
      { name: 'Mulheres 35-60 | Raio 8 km da clínica', ads: ['Vídeo depoimento - Dona Conceição', 'Carrossel antes e depois'] },
      {
        name: 'Interesse saúde bucal | Público aberto',
        ads: ['Imagem avaliação gratuita', 'Reels Dr. Ricardo explica o implante'],
      },
    ],
  },
  {
    name: 'Clareamento Dental - WhatsApp',
    objective: 'OUTCOME_ENGAGEMENT',
    dailyBudgetCents: 5_000,
    adsets: [
      { name: 'Jovens 20-35 | Instagram Stories', ads: ['Stories sorriso branco em 1 sessão', 'Imagem promoção de novembro'] },
      { name: 'Lookalike pacientes 1%', ads: ['Vídeo clareamento a laser'] },
    ],
  },
  {
    name: 'Ortodontia Invisível - Formulário',
    objective: 'OUTCOME_LEADS',
    dailyBudgetCents: 6_500,
    adsets: [
      { name: 'Adultos 25-45 | Profissionais', ads: ['Carrossel alinhadores transparentes', 'Vídeo consulta de avaliação'] },
      { name: 'Remarketing visitantes do site', ads: ['Imagem parcelamento em 12x'] },
    ],
  },
] as const;

export const CLINIC_FORMS = [
  {
    name: 'Implante - Avaliação gratuita',
    question: {
      key: 'qual_o_melhor_horario_para_contato?',
      label: 'Qual o melhor horário para contato?',
      answers: ['Manhã', 'Tarde', 'Noite'],
    },
    campaign: 0,
  },
  {
    name: 'Ortodontia invisível - Simulação',
    question: { key: 'você_já_usou_aparelho?', label: 'Você já usou aparelho?', answers: ['Sim', 'Não', 'Estou usando'] },
    campaign: 2,
  },
] as const;
