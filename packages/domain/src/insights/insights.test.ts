// Issue 24 'The numbers': Meta's strings to exact cents, the `lead` action alone, the default period (002 §2.5).
import { describe, expect, it } from 'vitest';

import { centsOf, conversationsOf, insightsQuerySchema, isProvisional, leadsOf, previousMonth } from './insights.ts';

describe('Meta Insights rules (issue 24)', () => {
  it('parses money strings to exact cents, without float drift', () => {
    expect(centsOf('12.34')).toBe(1234);
    expect(centsOf('1234')).toBe(123400);
    expect(centsOf('0.5')).toBe(50);
    expect(centsOf('0.105')).toBe(11);
    expect(centsOf('0.104')).toBe(10);
    expect(centsOf(undefined)).toBeNull();
    expect(centsOf('abc')).toBeNull();
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30.
    expect(centsOf('0.1')! + centsOf('0.2')!).toBe(30);
  });

  it('counts the `lead` action only; subsets are never added; absent is null (—)', () => {
    const actions = [
      { action_type: 'lead', value: '7' },
      { action_type: 'onsite_conversion.lead_grouped', value: '7' },
      { action_type: 'offsite_conversion.fb_pixel_lead', value: '2' },
    ];
    expect(leadsOf(actions)).toBe(7);
    expect(leadsOf([{ action_type: 'onsite_conversion.lead_grouped', value: '5' }])).toBeNull();
    expect(leadsOf(undefined)).toBeNull();
    expect(conversationsOf([{ action_type: 'onsite_conversion.messaging_conversation_started_7d', value: '3' }])).toBe(3);
  });

  it('002 §2.5: the default period is the whole previous calendar month', () => {
    expect(previousMonth('2026-11-28')).toEqual({ inicio: '2026-10-01', fim: '2026-10-31' });
    expect(previousMonth('2026-03-01')).toEqual({ inicio: '2026-02-01', fim: '2026-02-28' });
    expect(previousMonth('2026-01-15')).toEqual({ inicio: '2025-12-01', fim: '2025-12-31' });
  });

  it('marks days younger than 28 days as provisional', () => {
    expect(isProvisional('2026-11-01', '2026-11-28')).toBe(true);
    expect(isProvisional('2026-10-31', '2026-11-28')).toBe(false);
  });

  it('refuses a reversed period and a foreign account id with Portuguese messages', () => {
    const bad = insightsQuerySchema.safeParse({ conta: 'act_1', inicio: '2026-11-02', fim: '2026-11-01' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('Período inválido');
    expect(insightsQuerySchema.safeParse({ conta: '1; drop', inicio: '2026-11-01', fim: '2026-11-02' }).success).toBe(false);
  });
});
