import { Alert, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSupportContact } from '../api/helpApi.ts';

/** SPEC section 8: a feedback or subscription failure, with the support address to write to. */
export function SupportFailure() {
  const { t } = useTranslation();
  const contact = useSupportContact();
  return (
    <Alert severity="error" sx={{ mt: 2 }} role="alert">
      {t('help.failure')}
      {contact.data && (
        <>
          {' '}
          <Link href={`mailto:${contact.data.email}`} color="inherit">
            {contact.data.email}
          </Link>
        </>
      )}
    </Alert>
  );
}
