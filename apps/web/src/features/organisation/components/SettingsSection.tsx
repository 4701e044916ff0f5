import { Box, Paper, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface Props {
  title: string;
  description?: string;
  children: ReactNode;
}

/** A titled group of settings; two columns of fields from the md breakpoint. */
export function SettingsSection({ title, description, children }: Props) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack spacing={0.5} sx={{ mb: 2.5 }}>
        <Typography id={headingId} variant="h3" component="h2">
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 3,
          rowGap: 2.5,
          alignItems: 'start',
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}
