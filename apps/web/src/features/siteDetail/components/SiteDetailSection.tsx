import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useProfile, useUpdateUserPreference } from '@/lib/profile.ts';

/** The site detail's collapsible groups of cards. */
export type SiteDetailSectionId = 'designFigures' | 'availability';

/** Where each user's open groups are kept: a preference, so that every browser remembers them. */
const PREFERENCE = 'siteDetailSections';

interface Props {
  id: SiteDetailSectionId;
  title: string;
  /** A line under the title, shown while the group is closed. */
  summary?: string;
  children: ReactNode;
}

/**
 * Issue 37: a group of the site detail's cards that the user may close, so that the charts come
 * up on the first screen; open or closed as this user last left it (closed at first).
 */
export function SiteDetailSection({ id, title, summary, children }: Props) {
  const headingId = useId();
  const profile = useProfile();
  const update = useUpdateUserPreference();
  const stored = profile.data?.profile.preferences[PREFERENCE] as
    Partial<Record<SiteDetailSectionId, boolean>> | undefined;
  // The user's click shows at once; the stored choice follows on the profile.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? stored?.[id] === true;
  return (
    <Accordion
      disableGutters
      variant="outlined"
      expanded={open}
      onChange={(_event, expanded) => {
        setChosen(expanded);
        if (profile.data) update.mutate({ [PREFERENCE]: { ...stored, [id]: expanded } });
      }}
      // Closed groups draw nothing and ask the server for nothing.
      slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headingId}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        {!open && summary && (
          <Typography color="text.secondary" sx={{ ml: 2, display: { xs: 'none', sm: 'block' } }}>
            {summary}
          </Typography>
        )}
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}
