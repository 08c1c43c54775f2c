// The CRM and 'Cadastrar Contato' end to end (one harness for all, to keep the run short):
// 000 §2 §4 §5 §8 registration by hand and by CSV (1,000 rows, 3 bad ones reported by line);
// 002 §2.1 / 001 §5 accent-less search; 000 §4 timeline rows after status, note and tag changes;
// 001 §6 the actions an attendant without excluir_leads sees, and the admin's 'Apagar Lead';
// 001 §2 §4 §5 scheduling, potential, WhatsApp block and the listaAtendente picker.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CSV_MESSAGES } from '@funil/domain/leads/csv';

import { unidadeConfiguracoes } from '../../server/src/modules/tenancy/tenancy.table.ts';
import { DESKTOP, loginAs, MOBILE, SCREENSHOTS_DIR, startHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Novo Contato' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar Contato' });
  await dialog.waitFor();
  return dialog;
}

/** 1,000 rows (DDD 21, unknown to the demo unit); rows 100, 500 and 900 are broken (lines 101, 501, 901). */
function thousandRowCsv(): string {
  const lines = ['cli_nome,cli_telefone,cli_email,ad_name,ad_id,cli_tags'];
  for (let i = 1; i <= 1000; i += 1) {
    const phone = `2199${String(i).padStart(7, '0')}`;
    if (i === 100) lines.push(`,${phone},,Importação E2E,,`);
    else if (i === 500) lines.push(`Lead Sem Telefone ${i},123,,Importação E2E,,`);
    else if (i === 900) lines.push(`Lead Email Ruim ${i},${phone},nao-e-email,Importação E2E,,`);
    else lines.push(`Importado E2E ${i},${phone},,Importação E2E,,"Frio;Importados E2E"`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe("000 §2 §5 'Cadastrar Contato' by hand", () => {
  it('masks the phone, enables Cadastrar by the rule, registers the lead and finds it in the CRM list', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'atendente@demo.com.br');
    const dialog = await openDialog(page);
    const cadastrar = dialog.getByRole('button', { name: 'Cadastrar' });
    expect(await cadastrar.isDisabled()).toBe(true);

    await dialog.getByLabel('Nome').fill('Heloísa Prado Teste');
    await dialog.getByLabel('Celular').pressSequentially('21987651234');
    expect(await dialog.getByLabel('Celular').inputValue()).toBe('(21) 98765-1234');
    await dialog.getByLabel('CEP').pressSequentially('01310100');
    expect(await dialog.getByLabel('CEP').inputValue()).toBe('01310-100');
    await dialog.getByLabel('Anúncio').fill('Implante em 24h');
    expect(await cadastrar.isEnabled()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}contact-dialog.png` });

    await cadastrar.click();
    await page.getByText('Contato cadastrado com sucesso.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The same phone again: the server's duplicate message.
    const again = await openDialog(page);
    await again.getByLabel('Nome').fill('Outra Pessoa');
    await again.getByLabel('Celular').pressSequentially('21987651234');
    await again.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText(/^Já existe um lead com este telefone nesta unidade: Heloísa Prado Teste \(#\d+\)\.$/).waitFor();
    await again.getByRole('button', { name: 'Sair' }).click();

    await page.goto('/crm');
    await page.getByLabel('Buscar').fill('Heloisa Prado');
    const row = page.getByRole('list', { name: 'Leads' }).getByRole('button', { name: /Heloísa Prado Teste/ });
    await row.waitFor();
    await row.click();
    const lead = page.getByRole('article', { name: 'Lead Heloísa Prado Teste' });
    await lead.getByText('(21) 98765-1234').waitFor();
    expect(await lead.getByText('Anúncio: Implante em 24h', { exact: true }).isVisible()).toBe(true);
    expect(await lead.getByText('CEP: 01310-100').isVisible()).toBe(true);
    await context.close();
  });
});

describe('000 §4 §5 §8 CSV import', () => {
  it('refuses a CSV without the required columns, then imports 1,000 rows with 3 bad ones and reports exactly those 3 lines', async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    const dialog = await openDialog(page);
    await dialog
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'sem-colunas.csv', mimeType: 'text/csv', buffer: Buffer.from('nome,telefone\nAna,11987654321\n') });
    await page.getByText(CSV_MESSAGES.missingColumns).waitFor();
    expect(await dialog.getByRole('button', { name: 'Cadastrar' }).isDisabled()).toBe(true);

    await dialog
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(thousandRowCsv(), 'utf8') });
    await dialog.getByText('997 contatos válidos, 3 linhas com erro').waitFor();
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();

    const report = dialog.getByRole('region', { name: 'Relatório da importação' });
    await report.getByText(CSV_MESSAGES.done).waitFor({ timeout: 60_000 });
    const failed = report.getByRole('table', { name: 'Linhas não importadas' }).getByRole('row');
    await expect.poll(() => failed.count()).toBe(4);
    const lines = await failed.evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('td')?.textContent));
    expect(lines).toEqual(['101', '501', '901']);
    expect(await report.getByText('Importados: 997').isVisible()).toBe(true);
    expect(await report.getByText('Duplicados: 0').isVisible()).toBe(true);
    // 000 §4: the file resets.
    expect(await dialog.getByLabel('Arquivo CSV').evaluate((input) => (input as HTMLInputElement).value)).toBe('');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}csv-import-report.png` });
    await dialog.getByRole('button', { name: 'Sair' }).click();

    await page.goto('/crm');
    await page.getByLabel('Buscar').fill('Importado E2E 999');
    await page
      .getByRole('list', { name: 'Leads' })
      .getByRole('button', { name: /Importado E2E 999/ })
      .waitFor();
    await context.close();
  });
});

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

const stripAccents = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

describe('002 §2.1 CRM list and lead detail', () => {
  it("filters by the 002 §2.1 chips: 'Não Atribuídos' leaves only unassigned leads, 'Todos' brings all back", async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await page.goto('/crm');
    const chips = page.getByRole('group', { name: 'Filtros rápidos' });
    await chips.getByRole('button', { name: 'Todos' }).waitFor();
    expect(await chips.getByRole('button').allInnerTexts()).toEqual([
      'Todos',
      'Novos',
      'Atendidas',
      'Não Atendidas',
      'Na Fila',
      'Meus Atendimentos',
      'Não Atribuídos',
    ]);
    const count = page.getByRole('status').filter({ hasText: /leads?$/ });
    await count.filter({ hasText: /^[\d.]+ leads?$/ }).waitFor();
    const all = await count.innerText();
    await chips.getByRole('button', { name: 'Não Atribuídos' }).click();
    expect(await chips.getByRole('button', { name: 'Não Atribuídos' }).getAttribute('aria-pressed')).toBe('true');
    const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
    await expect
      .poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes('Não atribuído')) && (await count.innerText()) !== all;
      })
      .toBe(true);
    await chips.getByRole('button', { name: 'Todos' }).click();
    await expect.poll(() => count.innerText()).toBe(all);
    // 002 §2.1 attendance filter among the advanced filters.
    await page.getByRole('button', { name: 'Filtros avançados' }).click();
    const advanced = page.getByRole('region', { name: 'Filtros avançados' });
    await pick(page, 'Atendimento', 'Não Atendido');
    await advanced.getByRole('button', { name: 'Aplicar' }).click();
    await expect.poll(async () => (await count.innerText()) !== all).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}crm-filters.png` });
    await context.close();
  });

  it("finds 'Conceição' by 'conceicao'; status, sale status, note and tag changes grow the timeline", async () => {
    const { context, page } = await harness.newPage(DESKTOP);
    await loginAs(page, 'admin@demo.com.br');
    await page.goto('/crm');
    await page.getByRole('heading', { name: 'CRM', level: 2 }).waitFor();
    expect(await page.getByText(/^Dados dos últimos \d+ dias$/).isVisible()).toBe(true);
    // 001 §5: the search ignores accents.
    await page.getByLabel('Buscar').fill('conceicao');
    const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
    await expect
      .poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((text) => stripAccents(text).includes('conceicao'));
      })
      .toBe(true);
    expect((await rows.allInnerTexts()).some((text) => text.includes('Conceição'))).toBe(true);

    await page.getByLabel('Buscar').fill('Heloísa Prado Teste');
    await page
      .getByRole('list', { name: 'Leads' })
      .getByRole('button', { name: /Heloísa Prado Teste/ })
      .click();
    await page.waitForURL(/\/crm\?lead=\d+$/);
    const lead = page.getByRole('article', { name: 'Lead Heloísa Prado Teste' });
    const timeline = lead.getByRole('list', { name: 'Linha do tempo' });
    await lead.getByRole('combobox', { name: 'Status da Negociação' }).waitFor();

    // A new lead starts as 'Novo' (000 §4: old → new on the row).
    await pick(page, 'Status da Negociação', 'Em negociação');
    await page.getByText('Status da negociação atualizado com sucesso.').waitFor();
    await timeline.getByRole('listitem', { name: 'Status da negociação alterado' }).getByText('Novo → Em negociação').waitFor();

    await pick(page, 'Status do Cliente', 'Cliente ativo');
    await timeline
      .getByRole('listitem', { name: 'Status do cliente alterado' })
      .getByText(/→ Cliente ativo$/)
      .waitFor();

    await lead.getByLabel('Adicionar anotação').fill('Prefere contato à tarde.');
    await lead.getByRole('button', { name: 'Salvar' }).click();
    await timeline.getByRole('listitem', { name: 'Anotação' }).getByText('Prefere contato à tarde.').waitFor();

    await lead.getByRole('combobox', { name: 'Tags' }).fill('Quente');
    await page.getByRole('listbox').getByRole('option', { name: 'Quente', exact: true }).click();
    await page.getByText('Tags atribuídas com sucesso').waitFor();
    await timeline.getByRole('listitem', { name: 'Tag adicionada' }).getByText('Quente').waitFor();
    expect(await timeline.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    // Each row: title, DD/MM/YYYY HH:mm:ss and the attendant.
    expect(await timeline.getByRole('listitem', { name: 'Anotação' }).innerText()).toMatch(
      /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} · Adriana Moreira/,
    );

    await page.reload();
    await lead.getByRole('heading', { name: 'Heloísa Prado Teste' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}crm.png` });

    // 001 §6 'Apagar Lead' with excluir_leads (the demo admin has it).
    await lead.getByRole('button', { name: 'Apagar Lead' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deseja apagar este lead?' });
    await confirm.getByRole('button', { name: 'Apagar' }).click();
    await page.getByText('Lead apagado com sucesso').waitFor();
    await page.getByText('Selecione um lead para começar').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('shows an attendant only the actions allowed: no Apagar Lead without excluir_leads; stacks list and detail on a phone', async () => {
    const { context, page } = await harness.newPage(MOBILE);
    await loginAs(page, 'atendente@demo.com.br');
    await page.goto('/crm');
    const first = page.getByRole('list', { name: 'Leads' }).getByRole('button').first();
    await first.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}crm-mobile.png` });
    await first.click();
    const lead = page.getByRole('article');
    await lead.getByRole('toolbar', { name: 'Ações do lead' }).waitFor();
    expect(await page.getByRole('list', { name: 'Leads' }).isVisible()).toBe(false);
    expect(await lead.getByRole('button', { name: 'Apagar Lead' }).count()).toBe(0);
    expect(await lead.getByRole('button', { name: 'Transferir Contato' }).count()).toBe(1);
    expect(await lead.getByRole('button', { name: /^(Atribuir cliente|Desatribuir cliente)$/ }).count()).toBe(1);
    await lead.getByRole('button', { name: 'Voltar para a lista' }).click();
    await page.getByRole('list', { name: 'Leads' }).waitFor();
    await context.close();
  });

  it(
    'schedules a call, rates the potential, blocks and unblocks WhatsApp, each a timeline row; with ' +
      'listaAtendente the attendant is an autocomplete',
    async () => {
      // 001 §2: listaAtendente on for the demo units while this test runs (read at login).
      const configs = await harness.db
        .select({ id: unidadeConfiguracoes.idUnidade, extra: unidadeConfiguracoes.configuracoesExtra })
        .from(unidadeConfiguracoes);
      const setExtras = (patch: (extra: string) => string) =>
        Promise.all(
          configs.map((config) =>
            harness.db
              .update(unidadeConfiguracoes)
              .set({ configuracoesExtra: patch(config.extra) })
              .where(eq(unidadeConfiguracoes.idUnidade, config.id)),
          ),
        );
      await setExtras((extra) => JSON.stringify({ ...(JSON.parse(extra) as Record<string, unknown>), listaAtendente: true }));
      const { context, page } = await harness.newPage(DESKTOP);
      try {
        await loginAs(page, 'admin@demo.com.br');
        await page.goto('/crm');
        await page.getByRole('list', { name: 'Leads' }).getByRole('button').first().click();
        const lead = page.getByRole('article');
        await lead.getByRole('toolbar', { name: 'Ações do lead' }).waitFor();
        const timeline = lead.getByRole('list', { name: 'Linha do tempo' });

        // 001 §5: a call tomorrow at 10:00 (São Paulo), never in the past.
        const tomorrow = new Intl.DateTimeFormat('pt-BR', {
          timeZone: 'America/Sao_Paulo',
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
        }).format(new Date(Date.now() + 86_400_000));
        await lead.getByRole('tab', { name: 'Agendamentos' }).click();
        await lead.getByRole('group', { name: 'Data e hora da ligação' }).getByRole('spinbutton').first().click();
        await page.keyboard.type(`${tomorrow.replace(/\D/g, '')}1000`);
        await lead.getByRole('button', { name: 'Agendar' }).first().click();
        await page.getByText('Contato agendado com sucesso.').waitFor();
        await lead.getByText(`Ligação agendada para ${tomorrow} 10:00`).waitFor();

        // 001 §4 potential: four stars.
        // The radio is visually hidden: click its star (the label), as a user does.
        const fourStars = await lead.getByRole('radio', { name: /^4 - / }).getAttribute('id');
        await lead.locator(`label[for="${fourStars ?? ''}"]`).click();
        await page.getByText('Potencial atualizado com sucesso.').waitFor();

        // 001 §4 WhatsApp block flips only after the call succeeds.
        await lead.getByRole('button', { name: 'Bloquear WhatsApp' }).click();
        await page.getByText('WhatsApp bloqueado com sucesso.').waitFor();
        await lead.getByText('Bloqueado', { exact: true }).waitFor();
        await lead.getByRole('button', { name: 'Desbloquear WhatsApp' }).click();
        await page.getByText('WhatsApp desbloqueado com sucesso.').waitFor();
        await lead.getByRole('button', { name: 'Bloquear WhatsApp' }).waitFor();

        await lead.getByRole('tab', { name: 'Histórico' }).click();
        await timeline
          .getByRole('listitem', { name: 'Ligação agendada' })
          .first()
          .getByText(`Agendada para ${tomorrow} 10:00`)
          .waitFor();
        await timeline.getByRole('listitem', { name: 'Potencial alterado' }).first().waitFor();
        await timeline
          .getByRole('listitem', { name: 'Alteração de usuário' })
          .getByText('WhatsApp bloqueado', { exact: true })
          .first()
          .waitFor();
        await timeline
          .getByRole('listitem', { name: 'Alteração de usuário' })
          .getByText('WhatsApp desbloqueado', { exact: true })
          .first()
          .waitFor();

        // 001 §2 listaAtendente: 'Todos' and the unit's users with their colours.
        const picker = lead.getByRole('combobox', { name: 'Atendente' });
        expect(await lead.getByRole('button', { name: 'Atribuir cliente' }).count()).toBe(0);
        await picker.click();
        const options = page.getByRole('listbox').getByRole('option');
        expect(await options.first().innerText()).toBe('Todos');
        expect(await options.filter({ hasText: 'Adriana Moreira' }).count()).toBe(1);
        await page.screenshot({ path: `${SCREENSHOTS_DIR}crm-attendant-picker.png` });
        await picker.fill('Zuleica');
        await page.getByText('Nenhum atendente encontrado').waitFor();
        await page.keyboard.press('Escape');
      } finally {
        await context.close();
        await setExtras((extra) => extra);
      }
    },
  );
});
