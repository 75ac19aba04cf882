// FAQ: <details name="faq"> already keeps one item open in current browsers; this closes the
// others where the name attribute is not supported.

export function initFaq(root: HTMLElement): void {
  const items = Array.from(root.querySelectorAll<HTMLDetailsElement>('details.faq-item'));
  items.forEach((item) =>
    item.addEventListener('toggle', () => {
      if (item.open) items.forEach((other) => { if (other !== item) other.open = false; });
    }),
  );
}
