import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestApproval, useReviewFile, type TrafficDataFile } from '../api/filesApi.ts';
import { StatusChip } from '@/ui/StatusChip.tsx';

interface Props {
  file: TrafficDataFile;
  canReview: boolean;
  /** Viewers may ask the admins to review a file that failed quality. */
  canRequest?: boolean;
  onClose: () => void;
}

/** The data quality review: each failed test's threshold, value and reason; accept or reject. */
export function ReviewDialog({ file, canReview, canRequest = false, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [comment, setComment] = useState('');
  const review = useReviewFile();
  const request = useRequestApproval();
  const tests = Object.entries(file.logs.data_qc_tests ?? {});
  const waiting = file.review_status === 'WFR';
  const number = (value: number) =>
    value.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const decide = (status: 'ACC' | 'REJ') =>
    review.mutate({ fileId: file.id, status, comment }, { onSuccess: onClose });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="review-title">
      <DialogTitle id="review-title">
        {t('files.review.title', { name: file.file_name })}
      </DialogTitle>
      <DialogContent>
        <StatusChip status={file.review_status} />
        {tests.length === 0 ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('files.review.allPassed')}
          </Alert>
        ) : (
          <Table size="small" sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('files.review.test')}</TableCell>
                <TableCell align="right">{t('files.review.threshold')}</TableCell>
                <TableCell align="right">{t('files.review.value')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tests.map(([name, test]) => (
                <TableRow key={name}>
                  <TableCell>
                    {t([`files.quality.${name}`, `fieldFiles.quality.${name}`], {
                      defaultValue: test.reason ?? name,
                      fileScheme: test.file_scheme,
                      siteScheme: test.site_scheme,
                    })}
                  </TableCell>
                  <TableCell align="right">{number(test.threshold)}</TableCell>
                  <TableCell align="right">{number(test.value)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {waiting && canReview && (
          <>
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('files.review.explain')}
            </Alert>
            <TextField
              label={t('files.review.comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              fullWidth
              multiline
              minRows={2}
              sx={{ mt: 2 }}
            />
          </>
        )}
        {request.isSuccess && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('files.review.requested')}
          </Alert>
        )}
        {request.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {request.error.message}
          </Alert>
        )}
        {review.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {review.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('files.review.close')}</Button>
        {canRequest && (
          <Button
            variant="contained"
            disabled={!waiting || request.isPending || request.isSuccess}
            onClick={() => request.mutate(file.id)}
          >
            {t('files.review.request')}
          </Button>
        )}
        {canReview && (
          <>
            <Button
              color="error"
              disabled={!waiting || review.isPending}
              onClick={() => decide('REJ')}
            >
              {t('files.review.reject')}
            </Button>
            <Button
              variant="contained"
              disabled={!waiting || review.isPending}
              onClick={() => decide('ACC')}
            >
              {t('files.review.accept')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
