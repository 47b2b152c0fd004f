import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import TempleHinduOutlined from '@mui/icons-material/TempleHinduOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { LANGUAGES } from '@/i18n/languages';
import { currentLanguage } from '@/i18n/runtime';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { avatarText } from '@/lib/initials';
import { useHydrated } from '@/lib/use-hydrated';
import { t } from './i18n';
import type { NavItem } from './nav-items';

// Menus and the phone drawer are loaded on first use (or on hover/focus of their button).
const loadMenus = () => import('./header-menus');
const ThemeMenu = lazy(() => loadMenus().then((m) => ({ default: m.ThemeMenu })));
const LanguageMenu = lazy(() => loadMenus().then((m) => ({ default: m.LanguageMenu })));
const UserMenu = lazy(() => loadMenus().then((m) => ({ default: m.UserMenu })));
const NavDrawer = lazy(() => loadMenus().then((m) => ({ default: m.NavDrawer })));
const prefetchMenus = () => void loadMenus();
// Only members see an avatar: keep it out of the initial bundle.
const UserAvatar = lazy(() => import('@/components/ui/user-avatar').then((m) => ({ default: m.UserAvatar })));
const avatarFallback = <Box sx={{ width: 36, height: 36, borderRadius: '50%', bgcolor: 'action.hover' }} />;

export function useNavItems(): NavItem[] {
  const { isAuthenticated, isStaff } = useAuth();
  const items: NavItem[] = [
    { label: t('nav.home'), to: paths.home.getHref() },
    { label: t('nav.events'), to: paths.events.getHref() },
    { label: t('nav.sevas'), to: paths.sevas.getHref() },
    { label: t('nav.panchangam'), to: paths.panchangam.getHref() },
  ];
  if (isAuthenticated) items.push({ label: t('nav.dashboard'), to: paths.dashboard.getHref() });
  if (isStaff) items.push({ label: t('nav.admin'), to: paths.admin.getHref() });
  return items;
}

const themeIcons = {
  light: <LightModeOutlined />,
  dark: <DarkModeOutlined />,
  system: <SettingsBrightnessOutlined />,
};

/**
 * The theme menu's button, showing the mode chosen. The mode is read from storage on the first
 * render (the theme provider's `noSsr`), but the page's markup was rendered with the default one,
 * so this button shows that until hydrated, and alone re-renders then.
 */
function ThemeButton({ expanded, onOpen }: { expanded: boolean; onOpen: (button: HTMLElement) => void }) {
  const { mode } = useColorScheme();
  const hydrated = useHydrated();
  const currentMode = hydrated ? (mode ?? 'light') : 'light';
  return (
    <IconButton
      aria-label={t('nav.theme', { mode: currentMode })}
      aria-haspopup="menu"
      aria-expanded={expanded ? 'true' : undefined}
      onClick={(e) => onOpen(e.currentTarget)}
      onPointerEnter={prefetchMenus}
      onFocus={prefetchMenus}
    >
      {themeIcons[currentMode]}
    </IconButton>
  );
}

export function Header() {
  const { config, isLoading, templeName } = useAppConfig();
  const { user, loading } = useAuth();
  const navItems = useNavItems();
  const [themeAnchor, setThemeAnchor] = useState<HTMLElement | null>(null);
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menusUsed, setMenusUsed] = useState({ theme: false, language: false, user: false, drawer: false });
  const language = LANGUAGES.find((l) => l.code === currentLanguage()) ?? LANGUAGES[0];

  const name = config?.templeName ?? (isLoading ? null : templeName);

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: { xs: 60, md: 68 } }}>
        <IconButton
          edge="start"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          onClick={() => {
            setMenusUsed((u) => ({ ...u, drawer: true }));
            setDrawerOpen(true);
          }}
          onPointerEnter={prefetchMenus}
          onFocus={prefetchMenus}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to={paths.home.getHref()}
          // Named 'Home' until the temple's name has loaded (a prerendered page has no name yet).
          aria-label={name ? undefined : t('nav.home')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            // The temple's name keeps a few letters at 390 px beside the longest Donate (Tamil's).
            minWidth: 64,
            flexShrink: 1,
            borderRadius: 1,
          }}
        >
          <TempleHinduOutlined sx={{ color: 'primary.main', fontSize: 30 }} aria-hidden />
          <Typography
            component="span"
            sx={{
              fontWeight: 700,
              fontSize: { xs: '1rem', sm: '1.15rem' },
              lineHeight: 1.2,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
            }}
          >
            {name ?? <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 180 }} />}
          </Typography>
        </Box>

        <Box component="nav" aria-label={t('nav.main')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3 }}>
          {navItems.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              end={item.to === '/'}
              color="inherit"
              sx={{
                color: 'text.secondary',
                '&.active': { color: 'primary.main', bgcolor: 'action.selected' },
              }}
            >
              {item.label}
            </Button>
          ))}
        </Box>

        <Box sx={{ flexGrow: 1 }} />

        <Button
          component={RouterLink}
          to={paths.donate.getHref()}
          variant="contained"
          color="primary"
          sx={{ flexShrink: 0, px: { xs: 1.25, sm: 2 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } }}
        >
          {t('nav.donate')}
        </Button>

        <IconButton
          aria-label={t('nav.language', { language: language.native })}
          aria-haspopup="menu"
          aria-expanded={languageAnchor ? 'true' : undefined}
          onClick={(e) => {
            setMenusUsed((u) => ({ ...u, language: true }));
            setLanguageAnchor(e.currentTarget);
          }}
          onPointerEnter={prefetchMenus}
          onFocus={prefetchMenus}
          sx={{ p: { xs: 0.75, sm: 1 } }}
        >
          <TranslateOutlined />
        </IconButton>

        <ThemeButton
          expanded={Boolean(themeAnchor)}
          onOpen={(button) => {
            setMenusUsed((u) => ({ ...u, theme: true }));
            setThemeAnchor(button);
          }}
        />

        {loading ? (
          <Box role="status" sx={{ width: 36, height: 36, borderRadius: '50%', bgcolor: 'action.hover' }} aria-label={t('nav.loadingAccount')} />
        ) : user ? (
          <IconButton
            // Named with what it shows when the avatar's image cannot load (the initials), so a
            // person who says or sees "LR" finds it (WCAG 2.5.3, label in name).
            aria-label={t('nav.userMenu', { initials: avatarText(user.email, user.firstName, user.lastName) })}
            aria-haspopup="menu"
            aria-expanded={userAnchor ? 'true' : undefined}
            onClick={(e) => {
              setMenusUsed((u) => ({ ...u, user: true }));
              setUserAnchor(e.currentTarget);
            }}
            onPointerEnter={prefetchMenus}
            onFocus={prefetchMenus}
            sx={{ p: 0.5 }}
          >
            <Suspense fallback={avatarFallback}>
              <UserAvatar email={user.email} firstName={user.firstName} lastName={user.lastName} />
            </Suspense>
          </IconButton>
        ) : (
          <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 1 }}>
            <Button component={RouterLink} to={paths.signIn.getHref()} color="inherit" sx={{ whiteSpace: 'nowrap' }}>
              {t('nav.signIn')}
            </Button>
            <Button component={RouterLink} to={paths.signUp.getHref()} variant="outlined" sx={{ whiteSpace: 'nowrap' }}>
              {t('nav.signUp')}
            </Button>
          </Box>
        )}
      </Toolbar>

      <Suspense fallback={null}>
        {menusUsed.theme ? <ThemeMenu anchorEl={themeAnchor} onClose={() => setThemeAnchor(null)} /> : null}
        {menusUsed.language ? <LanguageMenu anchorEl={languageAnchor} onClose={() => setLanguageAnchor(null)} /> : null}
        {menusUsed.user && user ? <UserMenu anchorEl={userAnchor} onClose={() => setUserAnchor(null)} /> : null}
        {menusUsed.drawer ? (
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} items={navItems} />
        ) : null}
      </Suspense>
    </AppBar>
  );
}
