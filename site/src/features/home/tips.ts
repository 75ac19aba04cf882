// Booking tips: the first few show, the toggle reveals the rest. Without JavaScript all show.

export function initTips(root: HTMLElement, shown: number): void {
  const extra = Array.from(root.querySelectorAll<HTMLElement>('.tip')).slice(shown);
  const toggle = root.querySelector<HTMLButtonElement>('.tips-toggle');
  if (!toggle || extra.length === 0) return;

  const render = (expanded: boolean) => {
    extra.forEach((tip) => { tip.hidden = !expanded; });
    toggle.setAttribute('aria-expanded', String(expanded));
    toggle.textContent = expanded ? 'Show Less' : 'Show More';
  };

  toggle.addEventListener('click', () => {
    render(toggle.getAttribute('aria-expanded') !== 'true');
  });
  toggle.hidden = false;
  render(false);
}
