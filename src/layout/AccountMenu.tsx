import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';

interface AccountMenuProps {
  id: string;
  /** The header button that opens it, which names the menu. */
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  name: string;
  username?: string;
  onAccountInfo: () => void;
  onLogout: () => void;
}

/**
 * The header's account menu (spec §2): who is signed in, account info, logout. Its own chunk, loaded on the
 * first open (React.lazy in Header), so MUI's menu is not part of every screen's download.
 */
export default function AccountMenu({ id, buttonId, anchor, onClose, name, username, onAccountInfo, onLogout }: AccountMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      <MenuIdentity name={name} username={username} />
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          onAccountInfo();
        }}
      >
        <ListItemIcon>
          <AccountCircleOutlined fontSize="small" aria-hidden />
        </ListItemIcon>
        {t('portal.layout.accountInfo')}
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutOutlined fontSize="small" aria-hidden />
        </ListItemIcon>
        {t('portal.common.logout')}
      </MenuItem>
    </Menu>
  );
}

/**
 * Who is signed in, atop the account menu. Not an item: MUI's menu gives the keyboard focus to its first
 * child unless that child's type says to skip it, and a plain box cannot take focus, which left the focus
 * outside the menu (arrow keys did nothing).
 */
function MenuIdentity({ name, username }: { name: string; username?: string }) {
  return (
    <Box sx={{ px: 4, py: 2, maxWidth: 280 }} aria-hidden>
      <Typography sx={{ fontWeight: 600 }} noWrap>
        {name}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
        {username}
      </Typography>
    </Box>
  );
}
MenuIdentity.muiSkipListHighlight = true;
