// The user menu of the top bar: 'Alterar senha' opens the own-password dialog (issue 10).
import AccountCircle from '@mui/icons-material/AccountCircle';
import Key from '@mui/icons-material/Key';
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';

import { PasswordDialog } from './password-dialog.tsx';

export function AccountMenuAction() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Tooltip title="Minha conta">
        <IconButton
          color="inherit"
          aria-label="Minha conta"
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AccountCircle />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setChanging(true);
          }}
        >
          <ListItemIcon>
            <Key fontSize="small" />
          </ListItemIcon>
          Alterar senha
        </MenuItem>
      </Menu>
      <PasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
