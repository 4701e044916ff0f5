import { Alert, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRICE_MAX_PENCE } from '@roadcount/domain';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { FormDialog } from '@/ui/FormDialog.tsx';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { formatAmount, useUpdatePrices, type LevelPrice } from '../api/billingApi.ts';

const FIELDS = ['monthly_fee_pence', 'per_active_user_pence', 'per_survey_site_pence'] as const;
type Field = (typeof FIELDS)[number];
type Prices = Record<Field, number>;

/**
 * Pence from an amount in pounds as typed (`15`, `15.5`, `15,50`); null unless it is a whole
 * number of pence from nothing to the most a price may be.
 */
export function poundsToPence(text: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return pence <= PRICE_MAX_PENCE ? pence : null;
}

const poundsText = (pence: number) => (pence / 100).toFixed(2);

interface Props {
  /** The level whose prices are edited; the dialog is closed without one. */
  price: LevelPrice | null;
  onClose: () => void;
}

/** Staff: a level's three prices in pounds, saved after a confirmation. */
export function PriceDialog({ price, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const flash = useFlash();
  const update = useUpdatePrices();
  const [texts, setTexts] = useState<Record<Field, string> | null>(null);
  const [confirming, setConfirming] = useState<Prices | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The level last edited, so that the dialogs keep their text while they fade out.
  const [shown, setShown] = useState(price);
  if (price && price !== shown) setShown(price);
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const values =
    texts ??
    (price
      ? {
          monthly_fee_pence: poundsText(price.monthly_fee_pence),
          per_active_user_pence: poundsText(price.per_active_user_pence),
          per_survey_site_pence: poundsText(price.per_survey_site_pence),
        }
      : null);
  const parsed = values
    ? (Object.fromEntries(FIELDS.map((field) => [field, poundsToPence(values[field])])) as Record<
        Field,
        number | null
      >)
    : null;
  const level = shown ? t(`billing.levels.${shown.level}`) : '';
  const money = (pence: number) => formatAmount(pence, i18n.language);

  const close = () => {
    setTexts(null);
    setConfirmOpen(false);
    setShowErrors(false);
    setServerError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed || FIELDS.some((field) => parsed[field] === null)) {
      setShowErrors(true);
      return;
    }
    setServerError(null);
    setConfirming(parsed as Prices);
    setConfirmOpen(true);
  };

  const save = async () => {
    if (!price || !confirming) return;
    try {
      await update.mutateAsync({ level: price.level, change: confirming });
      flash({ message: t('prices.saved', { level }), severity: 'success' });
      close();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <>
      <FormDialog
        open={price !== null && !confirmOpen}
        title={t('prices.editTitle', { level })}
        submitLabel={t('prices.review')}
        busy={false}
        onClose={close}
        onSubmit={submit}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('prices.editHelp')}
          </Typography>
          {values &&
            FIELDS.map((field) => {
              const bad = showErrors && parsed?.[field] === null;
              return (
                <TextField
                  key={field}
                  label={t(`prices.${field}`)}
                  value={values[field]}
                  onChange={(event) => setTexts({ ...values, [field]: event.target.value })}
                  error={bad}
                  helperText={
                    bad
                      ? t('prices.invalid', { max: money(PRICE_MAX_PENCE) })
                      : t('prices.inPounds')
                  }
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  fullWidth
                />
              );
            })}
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={confirmOpen}
        title={t('prices.confirmTitle', { level })}
        confirmLabel={t('prices.save')}
        busy={update.isPending}
        error={serverError}
        onConfirm={() => void save()}
        onClose={() => setConfirmOpen(false)}
      >
        {confirming && (
          <>
            {t('prices.confirmBody', {
              fee: money(confirming.monthly_fee_pence),
              user: money(confirming.per_active_user_pence),
              site: money(confirming.per_survey_site_pence),
            })}
            {serverError === null && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('prices.madeBillsKept')}
              </Alert>
            )}
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
