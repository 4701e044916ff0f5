import type { SurveyProblem } from '@roadcount/domain';
import type { TFunction } from 'i18next';

/** A survey rule broken, in the user's language (`surveys.problems.<code>`). */
export function problemText(t: TFunction, problem: SurveyProblem): string {
  if (problem.code === 'tooManySites' || problem.code === 'overSubscription')
    return t(`surveys.problems.${problem.code}`, {
      limit: problem.limit,
      requested: problem.requested,
    });
  if (problem.code === 'overrideSid')
    return t('surveys.problems.overrideSid', { id: problem.site_id });
  if (problem.code === 'plannedNameTaken')
    return t('surveys.problems.plannedNameTaken', { name: problem.name });
  if (problem.code === 'siteLimit')
    return t('surveys.problems.siteLimit', { limit: problem.limit });
  return t(`surveys.problems.${problem.code}`);
}

/** The first problem of a field, translated, or undefined. */
export function fieldProblem(
  t: TFunction,
  problems: readonly SurveyProblem[],
  field: SurveyProblem['field'],
): string | undefined {
  const found = problems.find((problem) => problem.field === field);
  return found ? problemText(t, found) : undefined;
}
