import { changeoverExplained, checkChangeoverFits, DomainError } from '@courtside/domain';

/**
 * What the changeover field says under it while staff type, before they save: what it does to
 * a booking of the form's slot length (domain changeoverExplained, the rule the server applies).
 */
export function changeoverHelp(slotMinutes: unknown, changeoverMinutes: unknown): string {
  const slot = Number(slotMinutes) || 60;
  const changeover = Number(changeoverMinutes) || 0;
  return changeover > 0 ? changeoverExplained(slot, changeover) : `Blank: none. ${changeoverExplained(slot, 0)}`;
}

/** The form's check of the changeover against the slot length: the server's refusal, said before saving. */
export function changeoverFits(value: unknown, all: { slotMinutes?: number }): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  try {
    checkChangeoverFits(Number(value), Number(all?.slotMinutes) || 60, 'Changeover');
    return undefined;
  } catch (err) {
    if (err instanceof DomainError) return err.message;
    throw err;
  }
}
