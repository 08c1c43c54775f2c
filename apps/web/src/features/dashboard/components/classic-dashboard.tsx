// The classic dashboard (000 §2 variant 3): tabs ATENDIMENTOS, CAMPANHAS, LTV by the role rules of
// 000 §6 (dashboardTabsFor), the unit multi-select for the super-admin and the multi-unit manager.
// One filter serves the three tabs, so a period chosen on one holds on the others.
import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { canChooseDashboardUnits, dashboardTabsFor, type ClassicTab } from '@funil/domain/dashboard/dashboard-api';
import { useCurrentUser } from '../../../lib/session.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useRefreshDashboard, useUnitsList } from '../api/dashboard-api.ts';
import { useDashboardLive } from '../api/use-dashboard-live.ts';
import { defaultClassicFilter, type ClassicFilter } from '../lib/dashboard-filters.ts';
import { ClassicAttendanceTab } from './classic-attendance-tab.tsx';
import { ClassicCampaignsTab, ClassicLtvTab } from './classic-campaigns-tab.tsx';

export function ClassicDashboard({ now = () => new Date() }: { now?: () => Date }) {
  const user = useCurrentUser();
  const tabs = dashboardTabsFor(user.permissao);
  const picksUnits = canChooseDashboardUnits(user.permissao);
  const units = useUnitsList(picksUnits);
  const [tab, setTab] = useState<ClassicTab>('ATENDIMENTOS');
  const [filter, setFilter] = useState<ClassicFilter>(() => defaultClassicFilter(now()));
  const refresh = useRefreshDashboard();
  const unit = useLoadedUnitData().dados_unidade;
  // No unit chosen: the session's own unit (000 §7 '0').
  useDashboardLive(unit.idEmpresa, filter.unidades.length > 0 ? filter.unidades : [unit.id]);
  const clear = () => setFilter(defaultClassicFilter(now()));
  const apply = (next: ClassicFilter) => {
    setFilter(next);
    refresh();
  };
  const unitOptions = picksUnits ? (units.data ?? []).map((u) => ({ id: u.id, nome: u.nome })) : null;
  const shared = { filter, onApply: apply, onClear: clear, units: unitOptions };
  return (
    <>
      <Tabs value={tab} onChange={(_event, next: ClassicTab) => setTab(next)} aria-label="Dashboards" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((t) => (
          <Tab key={t} value={t} label={t} id={`dash-tab-${t}`} aria-controls={`dash-painel-${t}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`dash-painel-${tab}`} aria-labelledby={`dash-tab-${tab}`}>
        {tab === 'ATENDIMENTOS' ? <ClassicAttendanceTab {...shared} /> : null}
        {tab === 'CAMPANHAS' && tabs.includes('CAMPANHAS') ? <ClassicCampaignsTab {...shared} /> : null}
        {tab === 'LTV' && tabs.includes('LTV') ? <ClassicLtvTab {...shared} /> : null}
      </Box>
    </>
  );
}

export type ClassicTabProps = {
  filter: ClassicFilter;
  onApply: (filter: ClassicFilter) => void;
  onClear: () => void;
  /** The unit multi-select's options, null when the role has none (000 §6). */
  units: { id: number; nome: string }[] | null;
};
