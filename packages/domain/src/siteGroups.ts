import { CONTROL_CHARACTERS_MESSAGE, plainText } from './plainText.ts';

/** SPEC section 3: a site group is a named set of sites; names are unique in the organisation. */
export const SITE_GROUP_NAME_MAX = 60;

/** The site group rules' messages, which the web app translates by these keys. */
export const SITE_GROUP_MESSAGES = {
  required: 'a group name is required',
  tooLong: `a group name is at most ${SITE_GROUP_NAME_MAX} characters`,
  duplicate: 'a group with this name already exists',
  controlCharacters: `a group name ${CONTROL_CHARACTERS_MESSAGE}`,
} as const;

export type SiteGroupProblem = keyof typeof SITE_GROUP_MESSAGES;

export const siteGroupNameSchema = plainText({ message: SITE_GROUP_MESSAGES.controlCharacters })
  .trim()
  .min(1, SITE_GROUP_MESSAGES.required)
  .max(SITE_GROUP_NAME_MAX, SITE_GROUP_MESSAGES.tooLong);

/** What is wrong with a new or changed group name, given the names the organisation already uses. */
export function siteGroupNameProblem(
  name: string,
  existing: readonly string[],
): SiteGroupProblem | undefined {
  const parsed = siteGroupNameSchema.safeParse(name);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    const problems = Object.keys(SITE_GROUP_MESSAGES) as SiteGroupProblem[];
    return problems.find((problem) => SITE_GROUP_MESSAGES[problem] === message) ?? 'required';
  }
  const lowered = parsed.data.toLowerCase();
  return existing.some((other) => other.trim().toLowerCase() === lowered) ? 'duplicate' : undefined;
}
