import { Box, Typography } from '@mui/material';
import logo from '../logo.svg';

interface Props {
  inverted?: boolean;
}

export function BrandMark({ inverted = false }: Props) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="img"
        src={logo}
        alt=""
        sx={{
          width: 32,
          height: 32,
          borderRadius: '8px',
          boxShadow: inverted ? '0 0 0 2px #fff' : 'none',
        }}
      />
      <Typography
        variant="h6"
        component="span"
        sx={{ fontWeight: 600, color: inverted ? 'common.white' : 'primary.main' }}
      >
        Roadcount
      </Typography>
    </Box>
  );
}
