import { createTheme, type Theme } from '@mui/material/styles';

/** The theme mode is kept by MUI under this localStorage key: 'light' | 'dark' | 'system'. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';

let created: Theme | undefined;

/**
 * The app's theme, created on first use. Creating it (both colour schemes as CSS variables) is
 * the largest piece of work in evaluating the entry, about 14 ms on a desktop and four times that on
 * a phone; `main.tsx` calls this in a task of its own before hydrating, so that work does not
 * lengthen the task that evaluates the scripts (ADR 0120).
 */
export function appTheme(): Theme {
  created ??= createAppTheme();
  return created;
}

// Colours chosen for WCAG AA: primary text/buttons >= 4.5:1 on their backgrounds in both schemes.
const createAppTheme = () => createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#9a3412', light: '#c2410c', dark: '#7c2d12', contrastText: '#ffffff' },
        secondary: { main: '#7f1d1d', contrastText: '#ffffff' },
        background: { default: '#fffaf5', paper: '#ffffff' },
        text: { primary: '#1c1917', secondary: '#57534e' },
        success: { main: '#166534', contrastText: '#ffffff' },
        error: { main: '#b91c1c', contrastText: '#ffffff' },
        warning: { main: '#92400e', contrastText: '#ffffff' },
        info: { main: '#1d4ed8', contrastText: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#fdba74', light: '#fed7aa', dark: '#fb923c', contrastText: '#1c1917' },
        secondary: { main: '#fca5a5', contrastText: '#1c1917' },
        background: { default: '#12100e', paper: '#1e1b18' },
        text: { primary: '#f5f5f4', secondary: '#c8c2bc' },
        success: { main: '#86efac', contrastText: '#052e16' },
        error: { main: '#fca5a5', contrastText: '#450a0a' },
        warning: { main: '#fcd34d', contrastText: '#1c1917' },
        info: { main: '#93c5fd', contrastText: '#172554' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    // The Indian scripts' Noto fonts first (ADR 0149; declared for their scripts' characters only,
    // in index.html by vite-plugins/noto-fonts.ts), then the device's own.
    fontFamily:
      '"Noto Sans Telugu", "Noto Sans Tamil", "Noto Sans Devanagari", "Noto Sans Kannada", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // A heading's one long word (Tamil's "எங்களைத் தொடர்புகொள்ளுங்கள்") breaks rather than widen a phone's page.
    h1: { fontWeight: 700, overflowWrap: 'break-word' },
    h2: { fontWeight: 700, overflowWrap: 'break-word' },
    h3: { fontWeight: 700, overflowWrap: 'break-word' },
    h4: { fontWeight: 700, overflowWrap: 'break-word' },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiTooltip: { defaultProps: { enterDelay: 700 } },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    // 600px wide at most, and 16px from the screen edges on phones.
    MuiDialog: {
      defaultProps: { maxWidth: false },
      styleOverrides: { paper: { width: 'calc(100% - 32px)', maxWidth: 600, margin: 16 } },
    },
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: '3px solid', outlineOffset: '2px' },
        html: { scrollBehavior: 'smooth' },
        '.skip-link': {
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          padding: '8px 16px',
          borderRadius: 8,
          background: '#9a3412',
          color: '#ffffff',
          fontWeight: 600,
          textDecoration: 'none',
        },
        '.skip-link:focus': { top: 8 },
        // A visitor who asks for less motion gets none: no smooth scrolling, and no transition or
        // animation (a button that becomes enabled shows its colours at once instead of fading in
        // from the disabled grey; skeletons and spinners stand still).
        '@media (prefers-reduced-motion: reduce)': {
          html: { scrollBehavior: 'auto' },
          '*, *::before, *::after': {
            transitionDuration: '0s !important',
            transitionDelay: '0s !important',
            animationDuration: '0.001ms !important',
            animationIterationCount: '1 !important',
          },
        },
      },
    },
  },
});
