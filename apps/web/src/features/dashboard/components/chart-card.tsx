// A chart in a card: its title, a PNG export (issue 14 "charts can be exported as PNG"), and the
// empty text of 000 §8 when the period has nothing to draw.
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Box, Card, CardContent, CardHeader, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useRef, useState, type ReactNode } from 'react';

import { downloadChartPng } from '../lib/export.ts';

/** 000 §8 'Empty tables', also said by an empty chart. */
export const EMPTY_CHART_TEXT = 'Nenhum registro para exibir';

type Props = { title: string; empty?: boolean; loading?: boolean; height?: number; action?: ReactNode; children: ReactNode };

export function ChartCard({ title, empty, loading, height = 300, action, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const exportPng = async () => {
    if (!ref.current) return;
    setBusy(true);
    try {
      await downloadChartPng(ref.current, title);
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : 'Não foi possível exportar o gráfico.', { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card sx={{ height: '100%' }} role="figure" aria-label={title}>
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'h3', component: 'h3', sx: { fontSize: '1rem' } } }}
        sx={{ pb: 0 }}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            {action}
            <Tooltip title="Exportar PNG">
              <span>
                <IconButton
                  aria-label={`Exportar PNG: ${title}`}
                  onClick={() => void exportPng()}
                  disabled={busy || empty || loading}
                  size="small"
                >
                  <ImageOutlined fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        }
      />
      <CardContent>
        <Box ref={ref} sx={{ height, position: 'relative' }}>
          {loading ? (
            <Skeleton variant="rounded" height={height} />
          ) : empty ? (
            <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
              <Typography color="text.secondary">{EMPTY_CHART_TEXT}</Typography>
            </Box>
          ) : (
            children
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
