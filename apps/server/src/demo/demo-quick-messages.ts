// Demo quick messages (issue 9): templates at the three levels for the demo's first unit, so the
// 'Modelos' screen and the chat's '/' have something to show. Called once from demo.ts.
import type { Tx } from '../db/handle.ts';
import { modelosCategorias, modelosMensagem } from '../modules/quick-messages/quick-messages.table.ts';

type Level = { escopo: 'empresa' | 'unidade' | 'atendente'; idUnidade: number | null; idUsuario: number | null };

export async function seedDemoQuickMessages(tx: Tx, idEmpresa: number, idUnidade: number, attendantId: number): Promise<void> {
  const plan: [Level, string, [string, string][]][] = [
    [
      { escopo: 'empresa', idUnidade: null, idUsuario: null },
      'Atendimento',
      [
        ['Boas-vindas', 'Olá, [nome_cliente]! Aqui é da Sorriso Perfeito Odontologia. Como podemos ajudar?'],
        ['Agradecimento', 'Obrigado pelo contato, [nome_cliente]! Qualquer dúvida, estamos à disposição.'],
      ],
    ],
    [
      { escopo: 'empresa', idUnidade: null, idUsuario: null },
      'Agendamento',
      [
        [
          'Confirmação de consulta',
          'Olá, [nome_cliente]! Sua avaliação está confirmada para [data_atual+1]. Podemos contar com você?',
        ],
        ['Reagendar', '[nome_cliente], precisamos reagendar sua consulta. Qual o melhor dia e horário para você?'],
      ],
    ],
    [
      { escopo: 'unidade', idUnidade, idUsuario: null },
      'Unidade Paulista',
      [
        ['Endereço', 'Estamos na Av. Paulista, 1000 – 5º andar, próximo ao metrô Trianon-Masp.'],
        ['Horário de funcionamento', 'Atendemos de segunda a sexta, das 8h às 20h, e aos sábados, das 8h às 13h.'],
      ],
    ],
    [
      { escopo: 'atendente', idUnidade, idUsuario: attendantId },
      'Minhas respostas',
      [
        ['Retorno', 'Oi, [nome_cliente]! Passando para saber se ficou alguma dúvida sobre o orçamento de [data_atual].'],
        [
          'Promoção de clareamento',
          'Neste mês o clareamento está com 20% de desconto à vista. Quer agendar uma avaliação gratuita?',
        ],
      ],
    ],
  ];
  for (const [level, categoria, templates] of plan) {
    const [cat] = await tx
      .insert(modelosCategorias)
      .values({ idEmpresa, ...level, nome: categoria })
      .returning({ id: modelosCategorias.id });
    await tx
      .insert(modelosMensagem)
      .values(templates.map(([titulo, mensagem]) => ({ idEmpresa, ...level, idCategoria: cat!.id, titulo, mensagem })));
  }
}
