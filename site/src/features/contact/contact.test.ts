import { describe, expect, it } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE, type ApiCall } from '@courtside/browser';
import { sendContact } from './contact.ts';

const input = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi there' };
/** An API call that answers one way, remembering what it was asked. */
const answering = (answer: () => Promise<unknown>) => {
  const asked: unknown[] = [];
  const call = ((path: string, options: unknown) => (asked.push([path, options]), answer())) as ApiCall;
  return { call, asked };
};

describe('sendContact', () => {
  it("posts the message without a token and repeats the server's thanks", async () => {
    const { call, asked } = answering(async () => ({ success: true, statusCode: 201, message: 'Thanks, we will reply soon.', data: null }));
    expect(await sendContact(call, input)).toEqual({ ok: true, message: 'Thanks, we will reply soon.' });
    expect(asked).toEqual([['/api/contact', { method: 'POST', body: input, token: null }]]);
  });

  it("gives the server's reason, or that it could not be reached", async () => {
    const tooMany = answering(async () => { throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many messages; try again in an hour.'); });
    expect(await sendContact(tooMany.call, input)).toEqual({ ok: false, message: 'Too many messages; try again in an hour.' });
    const offline = answering(async () => { throw new ApiError(0, 'UNREACHABLE', UNREACHABLE_MESSAGE); });
    expect(await sendContact(offline.call, input)).toEqual({ ok: false, message: UNREACHABLE_MESSAGE });
  });
});
