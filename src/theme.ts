import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * The portal's theme (spec §9). Exported as options as well as a built theme: react-admin's <Admin theme>
 * takes options and builds its own theme from them, so shell and admin render identically.
 */
export const PRIMARY_COLOR = '#A50064';

export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: PRIMARY_COLOR, contrastText: '#FFFFFF' },
    secondary: { main: '#2E3A59', contrastText: '#FFFFFF' },
    // MUI's default warning and info colours reach 3.0:1 and 4.0:1 against white, under WCAG AA's 4.5:1,
    // as text (outlined chips) and under white text (filled chips): darker shades reach 5:1 and 7:1.
    warning: { main: '#B45309', contrastText: '#FFFFFF' },
    info: { main: '#01579B', contrastText: '#FFFFFF' },
    // Success text (outlined or small chips) also sits on tinted backgrounds (a selected row): MUI's #2E7D32
    // drops under 4.5:1 there; this shade keeps 6.5:1 and more.
    success: { main: '#1B5E20', contrastText: '#FFFFFF' },
    background: { default: '#F6F6F8', paper: '#FFFFFF' },
  },
  // Spec §9: a 4 px spacing unit (theme.spacing(4) = 16 px).
  spacing: 4,
  // Spec §9 breakpoints; md (960) is where the sidebar stops being an overlay.
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Roboto", "Helvetica Neue", "Segoe UI", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Issue 19: a visible focus on every keyboard stop. MUI marks a keyboard-focused button, list entry,
        // tab, chip or checkbox with Mui-focusVisible and only tints it (about 1.2:1); links and focusable
        // regions get the browser's ring or none. One 2 px ring in the brand colour (6.9:1 on white)
        // instead. Text fields keep their own: their outline thickens and takes the brand colour.
        '.Mui-focusVisible, a:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible, summary:focus-visible': {
          outline: `2px solid ${PRIMARY_COLOR}`,
          outlineOffset: 2,
        },
      },
    },
    MuiButton: {
      styleOverrides: {
        // Spec §9: 36 px small, 48 px large buttons; medium sits between them.
        sizeSmall: { minHeight: 36 },
        sizeMedium: { minHeight: 40 },
        sizeLarge: { minHeight: 48 },
      },
    },
    MuiDialog: {
      styleOverrides: {
        // Spec §9: dialogs are 320 to 960 px wide (never wider than the viewport on a phone).
        paper: { minWidth: 'min(320px, calc(100vw - 32px))', maxWidth: 'min(960px, calc(100vw - 32px))' },
      },
    },
    MuiFormHelperText: {
      styleOverrides: {
        // A disabled field's help still explains it (why it is off, what it takes): MUI's disabled grey is
        // 2.7:1 against white; the secondary text colour reaches 5.7:1 (WCAG AA, axe color-contrast).
        root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } },
      },
    },
    MuiSnackbar: {
      defaultProps: { anchorOrigin: { vertical: 'top', horizontal: 'center' } },
    },
    // react-admin's own components (its styled() reads theme.components[name] like MUI's), so that nothing
    // is wider than a 360 px screen (issue 19): a list's column may shrink below its table (which then
    // scrolls inside its own box), toolbars wrap their buttons, a filter is never wider than its form.
    ...({
      RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
      RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
      RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap', whiteSpace: 'normal' } } },
      RaFilterFormInput: { styleOverrides: { root: { maxWidth: '100%', '& .MuiFormControl-root': { maxWidth: '100%' } } } },
    } as ThemeOptions['components']),
  },
};

export const theme = createTheme(themeOptions);
