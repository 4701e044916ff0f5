import {
  FormControlLabel,
  Grid,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { SurveyProblem } from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import { useSurveyAssignees } from '../api/surveysApi.ts';
import { fieldProblem } from './surveyProblems.ts';
import { DateField } from '@/ui/DateField.tsx';

export interface SurveyInfo {
  name: string;
  scheduledStart: string;
  scheduledEnd: string;
  counterModel: string;
  sensorSpacing: string;
  assigneeKind: 'none' | 'user' | 'contractor';
  assigneeUserId: string;
  contractorName: string;
  contractorEmail: string;
  notes: string;
}

export const EMPTY_INFO: SurveyInfo = {
  name: '',
  scheduledStart: '',
  scheduledEnd: '',
  counterModel: '',
  sensorSpacing: '',
  assigneeKind: 'none',
  assigneeUserId: '',
  contractorName: '',
  contractorEmail: '',
  notes: '',
};

interface Props {
  info: SurveyInfo;
  onChange: (next: SurveyInfo) => void;
  /** Problems to show: only once the user tried to go on. */
  problems: readonly SurveyProblem[];
}

/** Wizard step 2: the survey's name, schedule, counter and assignee. */
export function SurveyInfoStep({ info, onChange, problems }: Props) {
  const { t } = useTranslation();
  const assignees = useSurveyAssignees(info.assigneeKind === 'user');
  const set = (next: Partial<SurveyInfo>) => onChange({ ...info, ...next });
  const problem = (field: SurveyProblem['field']) => fieldProblem(t, problems, field);
  const shown = (field: SurveyProblem['field']) => {
    const text = problem(field);
    return text ? { error: true, helperText: text } : {};
  };
  return (
    <Stack spacing={2}>
      <TextField
        label={t('surveys.wizard.info.name')}
        value={info.name}
        onChange={(event) => set({ name: event.target.value })}
        required
        {...shown('name')}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateField
            fullWidth
            label={t('surveys.wizard.info.start')}
            value={info.scheduledStart}
            onChange={(day) => set({ scheduledStart: day })}
            required
            {...shown('scheduled_start')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateField
            fullWidth
            label={t('surveys.wizard.info.end')}
            value={info.scheduledEnd}
            onChange={(day) => set({ scheduledEnd: day })}
            min={info.scheduledStart || undefined}
            required
            {...shown('scheduled_end')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            label={t('surveys.wizard.info.counterModel')}
            placeholder={t('surveys.wizard.info.counterModelExample')}
            value={info.counterModel}
            onChange={(event) => set({ counterModel: event.target.value })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            type="number"
            label={t('surveys.wizard.info.spacing')}
            value={info.sensorSpacing}
            onChange={(event) => set({ sensorSpacing: event.target.value })}
            slotProps={{ htmlInput: { min: 0, step: 0.1 } }}
            {...shown('sensor_spacing_m')}
          />
        </Grid>
      </Grid>
      <Typography variant="subtitle2" id="survey-assignee">
        {t('surveys.wizard.info.assignee')}
      </Typography>
      <RadioGroup
        row
        aria-labelledby="survey-assignee"
        value={info.assigneeKind}
        onChange={(event) =>
          set({ assigneeKind: event.target.value as SurveyInfo['assigneeKind'] })
        }
      >
        <FormControlLabel
          value="none"
          control={<Radio />}
          label={t('surveys.wizard.info.nobody')}
        />
        <FormControlLabel value="user" control={<Radio />} label={t('surveys.wizard.info.user')} />
        <FormControlLabel
          value="contractor"
          control={<Radio />}
          label={t('surveys.wizard.info.contractor')}
        />
      </RadioGroup>
      {info.assigneeKind === 'user' && (
        <TextField
          select
          label={t('surveys.wizard.info.userLabel')}
          value={info.assigneeUserId}
          onChange={(event) => set({ assigneeUserId: event.target.value })}
        >
          {assignees.data?.map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {`${user.first_name} ${user.last_name}`.trim() || user.username}
            </MenuItem>
          ))}
        </TextField>
      )}
      {info.assigneeKind === 'contractor' && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              label={t('surveys.wizard.info.contractorName')}
              value={info.contractorName}
              onChange={(event) => set({ contractorName: event.target.value })}
              {...shown('contractor_name')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="email"
              label={t('surveys.wizard.info.contractorEmail')}
              value={info.contractorEmail}
              onChange={(event) => set({ contractorEmail: event.target.value })}
              {...shown('contractor_email')}
            />
          </Grid>
        </Grid>
      )}
      <TextField
        label={t('surveys.wizard.info.notes')}
        value={info.notes}
        onChange={(event) => set({ notes: event.target.value })}
        multiline
        minRows={2}
        {...shown('notes')}
      />
    </Stack>
  );
}
