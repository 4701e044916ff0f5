import type { TourTarget } from './tourSteps.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Whether an element takes room on the screen (a closed drawer's links do not). */
function shown(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.getClientRects().length > 0;
}

function byLabel(label: string, prefix: boolean): Element | undefined {
  const labelled = [...document.querySelectorAll('[aria-label]')].find((element) => {
    const value = element.getAttribute('aria-label') ?? '';
    return (prefix ? value.startsWith(label) : value === label) && shown(element);
  });
  if (labelled) return labelled;
  // A form field: its label element names it.
  const fieldLabel = [...document.querySelectorAll('label')].find(
    (element) => element.textContent?.trim() === label && shown(element),
  );
  return fieldLabel?.closest('.MuiFormControl-root') ?? fieldLabel ?? undefined;
}

/** The element a step points at on the current screen, or undefined (a centred step). */
export function resolveTarget(target: TourTarget, t: Translate): Element | undefined {
  if ('css' in target) {
    return [...document.querySelectorAll(target.css)].find(shown);
  }
  if ('label' in target) {
    const label = target.prefix ? t(target.label, { name: '' }).trim() : t(target.label);
    return byLabel(label, target.prefix === true);
  }
  const text = t(target.text);
  return [...document.querySelectorAll(target.within)].find(
    (element) => element.textContent?.trim() === text && shown(element),
  );
}
