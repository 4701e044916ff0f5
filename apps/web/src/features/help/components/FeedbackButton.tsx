import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSupportDialogs } from './SupportDialogs.tsx';

/** The top bar's feedback button; absent for the demo account. */
export function FeedbackButton() {
  const { t } = useTranslation();
  const { available, openFeedback } = useSupportDialogs();
  if (!available) return null;
  return (
    <Tooltip title={t('help.feedback.open')}>
      <IconButton
        color="inherit"
        aria-label={t('help.feedback.open')}
        onClick={openFeedback}
        data-tour="feedback"
      >
        <FeedbackOutlinedIcon />
      </IconButton>
    </Tooltip>
  );
}
