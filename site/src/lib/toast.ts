/**
 * Accessible toasts (a polite live region; errors are assertive) for the seed's success and
 * failure messages, instead of alert() boxes. Plain DOM, so islands and page scripts share it.
 */
export type ToastKind = 'success' | 'error' | 'info';

function region(kind: ToastKind): HTMLElement {
  const id = kind === 'error' ? 'toasts-assertive' : 'toasts-polite';
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    el.className = 'toasts';
    el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    el.setAttribute('aria-live', kind === 'error' ? 'assertive' : 'polite');
    document.body.append(el);
  }
  return el;
}

export function showToast(message: string, kind: ToastKind = 'success', ms = 5000): void {
  const item = document.createElement('div');
  item.className = `toast toast-${kind}`;
  item.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Dismiss');
  close.textContent = '×';
  close.addEventListener('click', () => item.remove());
  item.append(close);
  region(kind).append(item);
  window.setTimeout(() => item.remove(), ms);
}
