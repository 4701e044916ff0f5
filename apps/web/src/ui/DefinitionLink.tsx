import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { definitionPath } from '@/lib/glossary.ts';

interface Props {
  /** The figure's key on its screen (a card's or chart's), e.g. `adt`, `amPeak`, `matrix`. */
  figure: string;
  /** The figure's name as the screen shows it, for the link's accessible name. */
  label: string;
}

/** An info icon beside a figure that opens its definition in one click. */
export function DefinitionLink({ figure, label }: Props) {
  const { t } = useTranslation();
  const title = t('definitions.linkTo', { term: label });
  return (
    <Tooltip title={title}>
      <IconButton
        component={Link}
        to={definitionPath(figure)}
        size="small"
        aria-label={title}
        data-definition={figure}
        sx={{ p: 0.25, color: 'text.secondary', '@media print': { display: 'none' } }}
      >
        <InfoOutlinedIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
