import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  DEFAULT_SITE_LIST_OPTIONS,
  surveyProblems,
  type SiteListOptions,
  type SurveyProblem,
} from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SurveyInput } from '@/generated/graphql.ts';
import { useFlash } from '@/ui/flash/useFlash.ts';
import {
  downloadSurveySiteFile,
  problemsOf,
  useCreateSurvey,
  useUpdateSurvey,
  type Survey,
} from '../api/surveysApi.ts';
import type { ChosenSite } from './chosenSite.ts';
import { SelectSitesStep } from './SelectSitesStep.tsx';
import { SiteListStep } from './SiteListStep.tsx';
import { EMPTY_INFO, SurveyInfoStep, type SurveyInfo } from './SurveyInfoStep.tsx';
import { problemText } from './surveyProblems.ts';

interface Props {
  /** A survey to change; a new one when absent. */
  survey?: Survey;
  onClose: () => void;
}

const STEPS = ['sites', 'info', 'list'] as const;
/** The fields each step asks for: its problems stop the user there. */
const STEP_FIELDS: Record<(typeof STEPS)[number], readonly SurveyProblem['field'][]> = {
  sites: ['site_ids'],
  info: [
    'name',
    'scheduled_start',
    'scheduled_end',
    'contractor_email',
    'contractor_name',
    'assignee',
    'sensor_spacing_m',
    'notes',
  ],
  list: ['site_list'],
};

function inputOf(info: SurveyInfo, sites: ChosenSite[], list: SiteListOptions): SurveyInput {
  const spacing = info.sensorSpacing.trim() === '' ? null : Number(info.sensorSpacing);
  return {
    name: info.name,
    scheduled_start: info.scheduledStart,
    scheduled_end: info.scheduledEnd,
    site_ids: sites.map((site) => site.id),
    counter_model: info.counterModel || null,
    sensor_spacing_m: spacing,
    assignee_user_id: info.assigneeKind === 'user' ? info.assigneeUserId || null : null,
    contractor_name: info.assigneeKind === 'contractor' ? info.contractorName : null,
    contractor_email: info.assigneeKind === 'contractor' ? info.contractorEmail : null,
    notes: info.notes || null,
    site_list: {
      ...list,
      overrides: list.overrides.filter((item) => item.name?.trim() || item.attribute?.trim()),
    },
  };
}

/** The wizard's fields of a survey being changed. */
function infoOf(survey: Survey): SurveyInfo {
  return {
    name: survey.name,
    scheduledStart: survey.scheduled_start,
    scheduledEnd: survey.scheduled_end,
    counterModel: survey.counter_model ?? '',
    sensorSpacing: survey.sensor_spacing_m === null ? '' : String(survey.sensor_spacing_m),
    assigneeKind: survey.assignee_user_id
      ? 'user'
      : survey.contractor_email || survey.contractor_name
        ? 'contractor'
        : 'none',
    assigneeUserId: survey.assignee_user_id ?? '',
    contractorName: survey.contractor_name ?? '',
    contractorEmail: survey.contractor_email ?? '',
    notes: survey.notes ?? '',
  };
}

function listOf(survey: Survey): SiteListOptions {
  return {
    attribute: survey.site_list.attribute as SiteListOptions['attribute'],
    name_format: survey.site_list.name_format as SiteListOptions['name_format'],
    name_max_length: survey.site_list.name_max_length ?? null,
    overrides: survey.site_list.overrides,
  };
}

/** The three-step survey wizard: select sites, set survey info, customise the site list. */
export function SurveyWizard({ survey, onClose }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const flash = useFlash();
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<Map<string, ChosenSite>>(
    () =>
      new Map(
        (survey?.sites ?? [])
          .filter((site) => !site.deleted)
          .map((site) => [
            site.site_id,
            { id: site.site_id, name: site.name, alternativeName: null, assetManagementId: null },
          ]),
      ),
  );
  const [info, setInfo] = useState<SurveyInfo>(() => (survey ? infoOf(survey) : EMPTY_INFO));
  const [list, setList] = useState<SiteListOptions>(() =>
    survey ? listOf(survey) : DEFAULT_SITE_LIST_OPTIONS,
  );
  const [tried, setTried] = useState<Set<number>>(new Set());
  const createSurvey = useCreateSurvey();
  const updateSurvey = useUpdateSurvey();
  const create = survey ? updateSurvey : createSurvey;
  const sites = [...chosen.values()];
  const input = inputOf(info, sites, list);
  const problems = surveyProblems({
    ...input,
    site_list: input.site_list as SiteListOptions,
  });
  const stepProblems = (index: number) => {
    const fields = STEP_FIELDS[STEPS[index] ?? 'sites'];
    return problems.filter((problem) => fields.includes(problem.field));
  };
  const shownProblems = tried.has(step) ? stepProblems(step) : [];
  const serverProblems = problemsOf(create.error);
  const created = create.data;

  const next = () => {
    setTried((current) => new Set(current).add(step));
    if (stepProblems(step).length > 0) return;
    if (step < STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    if (survey) updateSurvey.mutate({ id: survey.id, input });
    else createSurvey.mutate(input);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="survey-wizard-title"
    >
      <DialogTitle id="survey-wizard-title">
        {survey ? t('surveys.wizard.editTitle', { name: survey.name }) : t('surveys.wizard.title')}
      </DialogTitle>
      <DialogContent dividers>
        {created ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CheckCircleIcon color="success" />
              <Typography variant="h6" component="p">
                {survey
                  ? t('surveys.wizard.saved', { name: created.name })
                  : t('surveys.wizard.created', { name: created.name })}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('surveys.wizard.createdHelp')}
              {!survey && info.assigneeKind !== 'none' && ` ${t('surveys.wizard.createdMailed')}`}
            </Typography>
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              onClick={() =>
                void downloadSurveySiteFile(created.id).catch((error: Error) =>
                  flash({ message: error.message, severity: 'error' }),
                )
              }
            >
              {t('surveys.wizard.download')}
            </Button>
          </Stack>
        ) : (
          <Stack spacing={3}>
            <Stepper activeStep={step} alternativeLabel>
              {STEPS.map((name, index) => (
                <Step key={name} completed={index < step}>
                  <StepLabel error={tried.has(index) && stepProblems(index).length > 0}>
                    {t(`surveys.wizard.steps.${name}`)}
                  </StepLabel>
                </Step>
              ))}
            </Stepper>
            {step === 0 && (
              <SelectSitesStep
                chosen={chosen}
                onChange={setChosen}
                problem={shownProblems[0] ? problemText(t, shownProblems[0]) : undefined}
              />
            )}
            {step === 1 && (
              <SurveyInfoStep info={info} onChange={setInfo} problems={shownProblems} />
            )}
            {step === 2 && (
              <SiteListStep
                sites={sites}
                surveyName={info.name.trim()}
                options={list}
                onChange={setList}
                problems={shownProblems}
              />
            )}
            {create.isError && (
              <Alert severity="error" role="alert">
                {serverProblems.length > 0
                  ? serverProblems.map((problem) => problemText(t, problem)).join(' ')
                  : create.error.message}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {created ? (
          <Button onClick={onClose}>{t('surveys.wizard.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('surveys.wizard.cancel')}</Button>
            {step > 0 && (
              <Button onClick={() => setStep(step - 1)}>{t('surveys.wizard.back')}</Button>
            )}
            <Button variant="contained" onClick={next} disabled={create.isPending}>
              {step < STEPS.length - 1
                ? t('surveys.wizard.next')
                : survey
                  ? t('surveys.wizard.save')
                  : t('surveys.wizard.create')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
