// The no-JavaScript path: the form posts to /contact-us itself, and the page forwards the
// message to the API as JSON (the API accepts JSON only) and renders the outcome.
import { createApiClient } from '@courtside/browser';
import { apiOrigin, type PageRequest } from '../../lib/api.server';
import type { ContactBody } from '@courtside/contracts';
import { MISSING, isComplete, readForm, sendContact, type ContactResult } from './contact';

export interface ContactPost {
  values: ContactBody;
  result: ContactResult;
}

export async function handleContactPost(request: Request, page: PageRequest): Promise<ContactPost> {
  let values: ContactBody = { name: '', email: '', subject: '', message: '' };
  try {
    values = readForm(await request.formData());
  } catch {
    return { values, result: { ok: false, message: 'The form could not be read. Please try again.' } };
  }
  if (!isComplete(values)) return { values, result: { ok: false, message: MISSING } };
  // The visitor's address goes with the message, so the per-address limit counts them, not the site.
  return { values, result: await sendContact(createApiClient({ baseUrl: apiOrigin(page), headers: page.locals.apiHeaders }), values) };
}
