import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@/lib/session/useSession.ts';
import { useEndOrganisationView } from '../api/organisationViewApi.ts';

/** While staff view an organisation: whose data is shown, that it is read-only, and the way back. */
export function OrganisationViewBanner() {
  const { t } = useTranslation();
  const { view } = useSession();
  const endView = useEndOrganisationView();
  const navigate = useNavigate();
  if (!view) return null;
  return (
    <Alert
      severity="warning"
      icon={<VisibilityIcon />}
      role="status"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={() => {
            endView();
            void navigate('/ui/staff/organisations');
          }}
        >
          {t('orgView.return')}
        </Button>
      }
    >
      {t('orgView.banner', { name: view.organisationName })}
    </Alert>
  );
}
