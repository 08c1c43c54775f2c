// 000 §2 variant 1, §9: a unit with url_dashboard shows it in a full-width frame whose height is the
// window's height minus 140, following the window as it is resized.
import { Box } from '@mui/material';
import { useEffect, useState } from 'react';

import { EXTERNAL_DASHBOARD_OFFSET_PX } from '@funil/domain/dashboard/dashboard-api';

export function ExternalDashboard({ url, unitName }: { url: string; unitName: string }) {
  const [height, setHeight] = useState(() => window.innerHeight - EXTERNAL_DASHBOARD_OFFSET_PX);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight - EXTERNAL_DASHBOARD_OFFSET_PX);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <Box
      component="iframe"
      src={url}
      title={`Dashboard de ${unitName}`}
      // The external page runs in its own origin; it may run scripts and open links, nothing of Funil's.
      sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
      referrerPolicy="no-referrer"
      sx={{
        display: 'block',
        width: '100%',
        height: Math.max(0, height),
        border: 0,
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    />
  );
}
