import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS, PRIMARY_COLOUR } from '@roadcount/domain';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    mid: true;
  }
}

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_COLOUR },
    background: { default: '#f4f6f9' },
  },
  breakpoints: { values: { ...BREAKPOINTS } },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 500 },
    h2: { fontSize: '1.5rem', fontWeight: 500 },
    h3: { fontSize: '1.2rem', fontWeight: 500 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
    // Toggles read in sentence case like every other control (MUI's default is upper case).
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
  },
});
