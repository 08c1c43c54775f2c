// GET /api/whatsapp/figurinhas (issue 9 composer's sticker/GIF picker): the unit's stickers and GIFs
// with a stored file, newest first, one per file, only of leads the session may open (issue 7 §1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startKit, type Kit } from '../whatsapp-test-kit.ts';
import { whatsappMensagens } from './messages.table.ts';

let k: Kit;
type Row = typeof whatsappMensagens.$inferInsert;

async function message(unit: { idEmpresa: number; idUnidade: number }, cliCrmId: number, set: Partial<Row>): Promise<number> {
  const [row] = await k.t.database.db
    .insert(whatsappMensagens)
    .values({
      ...unit,
      cliCrmId,
      fromMe: false,
      mediaType: 'sticker',
      body: '',
      mediaStatus: 'ready',
      mediaPath: 'x.webp',
      mimetype: 'image/webp',
      criadoEm: new Date(),
      ...set,
    })
    .returning();
  return row!.id;
}

let ids: Record<string, number>;

beforeAll(async () => {
  k = await startKit();
  const f = k.t.fixture;
  const a1 = { idEmpresa: f.companyA, idUnidade: f.unitA1 };
  const open = await k.addLead(f.unitA1, f.companyA, 'Livre', '11987610001');
  const other = await k.addLead(f.unitA1, f.companyA, 'De Outro', '11987610002', { idUsuario: f.users.ag.id });
  const a2Lead = await k.addLead(f.unitA2, f.companyA, 'Outra unidade', '21987610003');
  ids = {
    sticker: await message(a1, open, { fileName: 'a.webp' }),
    gif: await message(a1, open, { mediaType: 'image', mimetype: 'image/gif', mediaPath: 'g.gif', fromMe: true }),
    image: await message(a1, open, { mediaType: 'image', mimetype: 'image/png', mediaPath: 'p.png' }),
    pending: await message(a1, open, { mediaStatus: 'pending' }),
    deleted: await message(a1, open, { isDeleted: true }),
    hidden: await message(a1, other, {}),
    otherUnit: await message({ idEmpresa: f.companyA, idUnidade: f.unitA2 }, a2Lead, {}),
    again: await message(a1, open, { fileName: 'a.webp' }),
  };
}, 60_000);

afterAll(async () => {
  await k?.close();
});

describe('GET /api/whatsapp/figurinhas', () => {
  it('lists the stickers and GIFs with a stored file, newest first, one per file name (issue 9 composer)', async () => {
    const res = await k.t.as(k.tokens.a, { method: 'GET', url: '/api/whatsapp/figurinhas' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: ids.again, kind: 'sticker', mimetype: 'image/webp', mediaUrl: `/api/whatsapp/midia/${ids.again}` },
      { id: ids.hidden, kind: 'sticker', mimetype: 'image/webp', mediaUrl: `/api/whatsapp/midia/${ids.hidden}` },
      { id: ids.gif, kind: 'gif', mimetype: 'image/gif', mediaUrl: `/api/whatsapp/midia/${ids.gif}` },
    ]);
  });

  it(
    "leaves out another attendant's lead for an attendant without acesso_atribuidos, and another " +
      "unit's files (001 §6, issue 7 §1)",
    async () => {
      const res = await k.t.as(k.tokens.u, { method: 'GET', url: '/api/whatsapp/figurinhas' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((s: { id: number }) => s.id)).toEqual([ids.again, ids.gif]);
      const other = await k.t.as(k.tokens.uA2, { method: 'GET', url: '/api/whatsapp/figurinhas' });
      expect(other.json().data.map((s: { id: number }) => s.id)).toEqual([ids.otherUnit]);
    },
  );

  it('answers 401 without a session', async () => {
    const res = await k.t.app.inject({ method: 'GET', url: '/api/whatsapp/figurinhas' });
    expect(res.statusCode).toBe(401);
  });
});
