import { describe, expect, test } from 'vitest';
import { emptyInvite, inviteBody, inviteProblem } from './invite.ts';

describe('inviting staff', () => {
  test('sends the name and email trimmed, with the role', () => {
    expect(inviteBody({ name: '  Ann Lee ', email: ' ann@example.com ', role: 'manager' })).toEqual({ name: 'Ann Lee', email: 'ann@example.com', role: 'manager' });
  });

  test('a new form invites to the desk, and needs a name and an email first', () => {
    expect(emptyInvite().role).toBe('desk');
    expect(inviteProblem(emptyInvite())).toBe('Enter their name.');
    expect(inviteProblem({ ...emptyInvite(), name: 'Ann' })).toBe('Enter their email address.');
    expect(inviteProblem({ ...emptyInvite(), name: 'Ann', email: 'ann@' })).toBe('Enter a valid email address.');
    expect(inviteProblem({ ...emptyInvite(), name: 'x'.repeat(101), email: 'ann@example.com' })).toMatch(/too long/);
  });

  test('only a staff role: a customer signs up on the site', () => {
    expect(inviteProblem({ name: 'Ann', email: 'ann@example.com', role: 'user' })).toBe('Choose desk, manager or owner.');
    expect(inviteProblem({ name: 'Ann', email: 'ann@example.com', role: 'owner' })).toBeNull();
  });
});
