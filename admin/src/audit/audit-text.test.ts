import { describe, expect, test } from 'vitest';
import { actionChoices, actionColor, actionLabel } from './audit-text.ts';
import { AUDIT_ACTIONS } from './types.ts';

describe('audit log actions', () => {
  test('every action the log records reads as words, and the filter offers each once', () => {
    for (const action of AUDIT_ACTIONS) expect(actionLabel(action), action).not.toMatch(/-/);
    expect(actionChoices.map((c) => c.id)).toEqual([...AUDIT_ACTIONS]);
    for (const c of actionChoices) expect(c.name).toBe(actionLabel(c.id));
  });

  test('an action this back office does not know is shown as it is', () => {
    expect(actionLabel('tier-change')).toBe('tier-change');
    expect(actionColor('tier-change')).toBe('default');
  });

  test('refunds and deletions stand out, then changes to who is staff', () => {
    expect(actionColor('refund')).toBe('warning');
    expect(actionColor('delete')).toBe('warning');
    expect(actionColor('role-change')).toBe('info');
    expect(actionColor('price-change')).toBe('default');
  });
});
