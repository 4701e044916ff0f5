import { Paper, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
}

/** A titled card of a settings-like screen (the profile's parts), its title a heading. */
export function SectionCard({ title, children }: Props) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack spacing={2}>
        <Typography id={headingId} variant="h3" component="h2">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
