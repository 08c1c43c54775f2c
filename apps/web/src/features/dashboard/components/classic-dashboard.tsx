// The classic dashboard (000 §2 variant 3): tabs ATENDIMENTOS, CAMPANHAS, LTV by the role rules of
// 000 §6 (dashboardTabsFor), the unit multi-select for the super-admin and the multi-unit manager.
// One filter serves the three tabs, so a period chosen on one holds on the others. Those who pick
// units start on their own unit, and the line over the tabs names what is shown (issue 21 item 18).
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';

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
  const unit = useLoadedUnitData().dados_unidade;
  // The default (and Limpar) is the user's own unit; a picker emptied on purpose reads '0', every
  // unit of the company (000 §7), and says so.
  const initial = () => defaultClassicFilter(now(), picksUnits ? [unit.id] : []);
  const [filter, setFilter] = useState<ClassicFilter>(initial);
  const refresh = useRefreshDashboard();
  useDashboardLive(unit.idEmpresa, filter.unidades.length > 0 ? filter.unidades : picksUnits ? null : [unit.id]);
  const clear = () => setFilter(initial());
  const apply = (next: ClassicFilter) => {
    setFilter(next);
    refresh();
  };
  const unitOptions = picksUnits ? (units.data ?? []).map((u) => ({ id: u.id, nome: u.nome })) : null;
  const shared = { filter, onApply: apply, onClear: clear, units: unitOptions };
  const nameOf = (id: number) => unitOptions?.find((u) => u.id === id)?.nome ?? (id === unit.id ? unit.nome : `Unidade ${id}`);
  return (
    <>
      <Typography variant="subtitle1" component="p" data-testid="dashboard-unidades" sx={{ mb: 1, color: 'text.secondary' }}>
        {shownUnitsLabel(picksUnits ? filter.unidades.map(nameOf) : [unit.nome])}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: ClassicTab) => setTab(next)}
        aria-label="Dashboards"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
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

/** What the classic dashboard shows: 'Unidade: Centro', 'Unidades: Centro, Zona Sul' or every unit. */
function shownUnitsLabel(names: readonly string[]): string {
  if (names.length === 0) return 'Todas as unidades da empresa';
  return names.length === 1 ? `Unidade: ${names[0]}` : `Unidades: ${names.join(', ')}`;
}
