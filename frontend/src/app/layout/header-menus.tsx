import CheckIcon from '@mui/icons-material/Check';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { chooseLanguage } from '@/i18n/choose';
import { LANGUAGES } from '@/i18n/languages';
import { currentLanguage } from '@/i18n/runtime';
import { useAuth } from '@/lib/auth';
import { t } from './i18n';
import type { NavItem } from './nav-items';

type MenuProps = { anchorEl: HTMLElement | null; onClose: () => void };

const modes = [
  { value: 'light', label: 'nav.mode.light', icon: <LightModeOutlined fontSize="small" /> },
  { value: 'dark', label: 'nav.mode.dark', icon: <DarkModeOutlined fontSize="small" /> },
  { value: 'system', label: 'nav.mode.system', icon: <SettingsBrightnessOutlined fontSize="small" /> },
] as const;

export function ThemeMenu({ anchorEl, onClose }: MenuProps) {
  const { mode, setMode } = useColorScheme();
  return (
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose} slotProps={{ list: { 'aria-label': t('nav.themeMenu') } }}>
      {modes.map((m) => (
        <MenuItem
          key={m.value}
          selected={(mode ?? 'light') === m.value}
          onClick={() => {
            setMode(m.value);
            onClose();
          }}
        >
          <ListItemIcon>{m.icon}</ListItemIcon>
          <ListItemText>{t(m.label)}</ListItemText>
          {(mode ?? 'light') === m.value ? <CheckIcon fontSize="small" sx={{ ml: 2 }} aria-label={t('nav.selected')} /> : null}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** The languages, each named in itself (and marked with its `lang`, so it is read out in it). */
export function LanguageMenu({ anchorEl, onClose }: MenuProps) {
  const { isAuthenticated } = useAuth();
  const current = currentLanguage();
  return (
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose} slotProps={{ list: { 'aria-label': t('nav.languages') } }}>
      {LANGUAGES.map((l) => (
        <MenuItem
          key={l.code}
          lang={l.code}
          selected={current === l.code}
          onClick={() => {
            onClose();
            if (l.code !== current) void chooseLanguage(l.code, isAuthenticated).catch(() => window.location.reload());
          }}
        >
          <ListItemText>{l.native}</ListItemText>
          {current === l.code ? <CheckIcon fontSize="small" sx={{ ml: 2 }} aria-label={t('nav.selected')} /> : null}
        </MenuItem>
      ))}
    </Menu>
  );
}

export function UserMenu({ anchorEl, onClose }: MenuProps) {
  const { user, isStaff, can, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <Menu
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': t('nav.userMenuLabel') } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {user.firstName} {user.lastName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {user.email}
        </Typography>
      </Box>
      <Divider />
      <MenuItem component={RouterLink} to={paths.profile.getHref()} onClick={onClose}>
        <ListItemIcon>
          <PersonOutlined fontSize="small" />
        </ListItemIcon>
        {t('nav.profile')}
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.dashboard.getHref()} onClick={onClose}>
        <ListItemIcon>
          <DashboardOutlined fontSize="small" />
        </ListItemIcon>
        {t('nav.dashboard')}
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.myDonations.getHref()} onClick={onClose}>
        <ListItemIcon>
          <VolunteerActivismOutlined fontSize="small" />
        </ListItemIcon>
        {t('nav.myDonations')}
      </MenuItem>
      {can('own_sevas') ? (
        <MenuItem component={RouterLink} to={paths.mySevas.getHref()} onClick={onClose}>
          <ListItemIcon>
            <AutoStoriesOutlined fontSize="small" />
          </ListItemIcon>
          {t('nav.mySevas')}
        </MenuItem>
      ) : null}
      {isStaff ? (
        <MenuItem component={RouterLink} to={paths.admin.getHref()} onClick={onClose}>
          <ListItemIcon>
            <AdminPanelSettingsOutlined fontSize="small" />
          </ListItemIcon>
          {t('nav.admin')}
        </MenuItem>
      ) : null}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          signOut();
          navigate(paths.home.getHref());
        }}
      >
        <ListItemIcon>
          <LogoutOutlined fontSize="small" />
        </ListItemIcon>
        {t('nav.signOut')}
      </MenuItem>
    </Menu>
  );
}

export function NavDrawer({ open, onClose, items }: { open: boolean; onClose: () => void; items: NavItem[] }) {
  const { user, can, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box component="nav" aria-label={t('nav.main')} sx={{ pt: 2 }}>
        <Typography variant="overline" sx={{ px: 2, color: 'text.secondary' }}>
          {t('nav.menu')}
        </Typography>
        <List>
          {items.map((item) => (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              end={item.to === '/'}
              onClick={onClose}
              sx={{ '&.active': { color: 'primary.main', bgcolor: 'action.selected' } }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
          <ListItemButton component={NavLink} to={paths.donate.getHref()} onClick={onClose}>
            <ListItemText primary={t('nav.donate')} />
          </ListItemButton>
        </List>
        <Divider />
        {user ? (
          <List>
            <ListItemButton component={NavLink} to={paths.profile.getHref()} onClick={onClose}>
              <ListItemText primary={t('nav.profile')} />
            </ListItemButton>
            {can('own_sevas') ? (
              <ListItemButton component={NavLink} to={paths.mySevas.getHref()} onClick={onClose}>
                <ListItemText primary={t('nav.mySevas')} />
              </ListItemButton>
            ) : null}
            <ListItemButton
              onClick={() => {
                onClose();
                signOut();
                navigate(paths.home.getHref());
              }}
            >
              <ListItemText primary={t('nav.signOut')} />
            </ListItemButton>
          </List>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 2 }}>
            <Button component={RouterLink} to={paths.signIn.getHref()} variant="outlined" onClick={onClose}>
              {t('nav.signIn')}
            </Button>
            <Button component={RouterLink} to={paths.signUp.getHref()} variant="contained" onClick={onClose}>
              {t('nav.signUp')}
            </Button>
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
