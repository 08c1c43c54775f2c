// 'Novo Contato' in the top bar (000 §2 "Shell"): opens 'Cadastrar Contato'. Shown to whoever may
// open the CRM (000 §6: user and admin), the people who register leads.
import PersonAdd from '@mui/icons-material/PersonAdd';
import { Button, IconButton, Tooltip } from '@mui/material';

import { canAccessRoute } from '@funil/domain/access/routes';

import { useAccessContext } from '../../../lib/access.ts';
import { closeContactDialog, openContactDialog, useContactDialogMode } from './contact-dialog-store.ts';
import { ContactDialog } from './contact-dialog.tsx';

const LABEL = 'Novo Contato';

export function NewContactAction({ compact }: { compact: boolean }) {
  const access = useAccessContext();
  const mode = useContactDialogMode();
  if (!canAccessRoute('/crm', access)) return null;
  return (
    <>
      {compact ? (
        <Tooltip title={LABEL}>
          <IconButton aria-label={LABEL} color="inherit" onClick={openContactDialog}>
            <PersonAdd />
          </IconButton>
        </Tooltip>
      ) : (
        <Button color="inherit" startIcon={<PersonAdd />} onClick={openContactDialog} sx={{ px: 1.5, whiteSpace: 'nowrap' }}>
          {LABEL}
        </Button>
      )}
      <ContactDialog open={mode !== null} variant={mode ?? 'contato'} onClose={closeContactDialog} />
    </>
  );
}
