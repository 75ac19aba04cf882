// With JavaScript the contact form posts JSON to /api/contact and shows the server's answer
// inline, with the button disabled while it is sending.
import { api } from '../../lib/api.ts';
import { MISSING, isComplete, readForm, sendContact, type ContactResult } from './contact';

export function initContactForm(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const out = form.querySelector<HTMLElement>('.form-result');
  if (!button || !out) return;
  const label = button.textContent ?? 'Send message';

  const show = (result: ContactResult) => {
    out.replaceChildren();
    const p = document.createElement('p');
    p.className = result.ok ? 'alert alert-ok' : 'alert alert-error';
    p.setAttribute('role', result.ok ? 'status' : 'alert');
    p.textContent = result.message;
    out.append(p);
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const input = readForm(new FormData(form));
    if (!isComplete(input)) { show({ ok: false, message: MISSING }); return; }
    button.disabled = true;
    button.textContent = 'Sending…';
    form.setAttribute('aria-busy', 'true');
    out.replaceChildren();
    const result = await sendContact(api, input);
    button.disabled = false;
    button.textContent = label;
    form.removeAttribute('aria-busy');
    show(result);
    if (result.ok) form.reset();
  });
}

/** Offline: drop the map frame so the address panel beneath it shows instead of an error page. */
export function initMap(frame: HTMLIFrameElement | null): void {
  if (!frame) return;
  const update = () => { frame.hidden = !navigator.onLine; };
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
}
