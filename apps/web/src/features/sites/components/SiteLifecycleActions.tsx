import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeletedSitesDialog } from './DeletedSitesDialog.tsx';
import { SiteImportDialog } from './SiteImportDialog.tsx';

/** The sites page's import and deleted-sites buttons, for those who may manage sites. */
export function SiteLifecycleActions() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'import' | 'deleted' | null>(null);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setOpen('import')}>
        {t('siteImport.open')}
      </Button>
      <Button variant="outlined" startIcon={<DeleteSweepIcon />} onClick={() => setOpen('deleted')}>
        {t('siteDelete.deletedOpen')}
      </Button>
      {open === 'import' && <SiteImportDialog onClose={() => setOpen(null)} />}
      {open === 'deleted' && <DeletedSitesDialog onClose={() => setOpen(null)} />}
    </Stack>
  );
}
