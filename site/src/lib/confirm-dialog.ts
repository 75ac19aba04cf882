/**
 * A confirmation as a native modal <dialog> (focus is trapped and Escape cancels), in place
 * of window.confirm(). Resolves true only when the person confirms.
 */
export function confirmDialog(opts: { title: string; message: string; confirmLabel?: string; cancelLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'confirm-dialog';
    dialog.setAttribute('aria-labelledby', 'confirm-dialog-title');
    const title = document.createElement('h2');
    title.id = 'confirm-dialog-title';
    title.textContent = opts.title;
    const text = document.createElement('p');
    text.textContent = opts.message;
    const actions = document.createElement('div');
    actions.className = 'confirm-actions';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'btn btn-secondary';
    cancel.textContent = opts.cancelLabel ?? 'Cancel';
    const ok = document.createElement('button');
    ok.type = 'button';
    ok.className = opts.danger ? 'btn btn-danger' : 'btn';
    ok.textContent = opts.confirmLabel ?? 'Confirm';
    actions.append(cancel, ok);
    dialog.append(title, text, actions);
    document.body.append(dialog);

    let answer = false;
    cancel.addEventListener('click', () => dialog.close());
    ok.addEventListener('click', () => {
      answer = true;
      dialog.close();
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
    });
    dialog.showModal();
    cancel.focus();
  });
}
