import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: ReactNode;
  children: ReactNode;
  defaultExpanded?: boolean;
}

/** One collapsible panel of the files screen (SPEC section 2). */
export function FilesPanel({ id, title, children, defaultExpanded = true }: Props) {
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        id={`${id}-header`}
        aria-controls={`${id}-content`}
      >
        <Typography variant="h6" component="span" aria-live="polite">
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ p: 0 }}>{children}</AccordionDetails>
    </Accordion>
  );
}
