// The usage headers Meta adds to answers (Graph API "Rate Limiting"): X-App-Usage on every call with
// a token; X-Business-Use-Case-Usage on the Marketing API and Pages/Lead Ads calls, per business with
// `estimated_time_to_regain_access` (minutes); X-Ad-Account-Usage on ad-account calls;
// x-fb-ads-insights-throttle on insights. All JSON strings. A forced rate limit reports 100 %.
import type { State } from './state.ts';

export type UsageKind = 'ads_management' | 'ads_insights' | 'pages' | 'leadgen' | null;

export const usageHeaders = (
  state: State,
  input: { kind: UsageKind; businessId: string | null; accountId: string | null; limited: { regainMinutes: number } | null },
): Record<string, string> => {
  const pct = input.limited ? 100 : Math.max(0, Math.min(100, state.usagePercent));
  const regain = input.limited ? input.limited.regainMinutes : pct >= 100 ? 5 : 0;
  const headers: Record<string, string> = {
    'x-app-usage': JSON.stringify({ call_count: pct, total_cputime: Math.round(pct * 0.6), total_time: Math.round(pct * 0.8) }),
  };
  if (input.kind && (input.businessId || input.accountId)) {
    const key = input.businessId ?? input.accountId!;
    headers['x-business-use-case-usage'] = JSON.stringify({
      [key]: [
        {
          type: input.kind,
          call_count: pct,
          total_cputime: Math.round(pct * 0.6),
          total_time: Math.round(pct * 0.8),
          estimated_time_to_regain_access: regain,
          ...(input.kind.startsWith('ads') ? { ads_api_access_tier: 'standard_access' } : {}),
        },
      ],
    });
  }
  if (input.accountId && input.kind?.startsWith('ads')) {
    headers['x-ad-account-usage'] = JSON.stringify({
      acc_id_util_pct: pct,
      reset_time_duration: regain * 60,
      ads_api_access_tier: 'standard_access',
    });
  }
  if (input.kind === 'ads_insights') {
    headers['x-fb-ads-insights-throttle'] = JSON.stringify({
      app_id_util_pct: pct,
      acc_id_util_pct: pct,
      ads_api_access_tier: 'standard_access',
    });
  }
  return headers;
};
