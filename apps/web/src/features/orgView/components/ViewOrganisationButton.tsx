import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { useStartOrganisationView } from '../api/organisationViewApi.ts';

interface Props {
  organisationId: string;
  name: string;
}

/** Platform staff: switch into the organisation's view, read-only, at its map. */
export function ViewOrganisationButton({ organisationId, name }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const start = useStartOrganisationView();
  const navigate = useNavigate();
  return (
    <Link
      component="button"
      type="button"
      disabled={start.isPending}
      aria-label={t('orgView.viewAsLabel', { name })}
      onClick={() =>
        start.mutate(organisationId, {
          onSuccess: () => void navigate('/ui/analysis/map'),
          onError: (error) => flash({ message: error.message, severity: 'error' }),
        })
      }
    >
      {t('orgView.viewAs')}
    </Link>
  );
}
