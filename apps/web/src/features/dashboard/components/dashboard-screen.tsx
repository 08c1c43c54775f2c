// /dashboard (000 §2 'Dashboard screen', the second route of every role): the unit's external
// dashboard when it has url_dashboard, else dashboard v2 with dash_v2, else the classic one.
import { Box, LinearProgress, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';

import { dashboardVariant } from '@funil/domain/dashboard/dashboard-api';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { ExternalDashboard } from './external-dashboard.tsx';

const DashboardV2 = lazy(() => import('./dashboard-v2.tsx').then((m) => ({ default: m.DashboardV2 })));
const ClassicDashboard = lazy(() => import('./classic-dashboard.tsx').then((m) => ({ default: m.ClassicDashboard })));

export function DashboardScreen() {
  const unit = useLoadedUnitData();
  const extras = parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra);
  const variant = dashboardVariant({ urlDashboard: unit.url_dashboard, dashV2: extras.dash_v2 });
  if (variant === 'externo' && unit.url_dashboard)
    return <ExternalDashboard url={unit.url_dashboard} unitName={unit.dados_unidade.nome} />;
  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Dashboard
      </Typography>
      <Suspense fallback={<LinearProgress aria-label="Carregando dashboard" />}>
        {variant === 'v2' ? <DashboardV2 /> : <ClassicDashboard />}
      </Suspense>
    </Box>
  );
}
