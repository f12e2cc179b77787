import { createTheme } from '@mui/material/styles';

const TEXT_BLUE = '#075985';

/** Primary colour #23a3f5 (document 1 §9); light unless the profile asks for dark. */
export const makeTheme = (dark: boolean) =>
  createTheme({
    palette: { mode: dark ? 'dark' : 'light', primary: { main: '#23a3f5', dark: '#0b6aa8', contrastText: '#06243a' } },
    shape: { borderRadius: 8 },
    // #23a3f5 is the brand colour; as text on white it is too light to read, so text-coloured uses take the darker shade.
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: ({ ownerState }) =>
            ownerState.variant !== 'contained' && (ownerState.color ?? 'primary') === 'primary'
              ? { color: dark ? '#8fd3ff' : TEXT_BLUE }
              : {},
        },
      },
      MuiLink: { styleOverrides: { root: { color: dark ? '#8fd3ff' : TEXT_BLUE } } },
      MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused': { color: dark ? '#8fd3ff' : TEXT_BLUE } } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: dark ? '#8fd3ff' : TEXT_BLUE } } } },
      MuiTablePagination: { styleOverrides: { root: { color: 'inherit' } } },
    },
  });
