// Testimonial slider: one entry at a time, previous/next wrap around (previous from the first
// goes to the last). Without JavaScript all entries are listed.

export function initSlider(root: HTMLElement): void {
  const items = Array.from(root.querySelectorAll<HTMLElement>('.testimonial'));
  const prev = root.querySelector<HTMLButtonElement>('.slider-prev');
  const next = root.querySelector<HTMLButtonElement>('.slider-next');
  const status = root.querySelector<HTMLElement>('.slider-status');
  if (items.length < 2 || !prev || !next) return;
  let index = 0;

  const show = (i: number) => {
    index = (i + items.length) % items.length;
    items.forEach((item, n) => { item.hidden = n !== index; });
    if (status) status.textContent = `${index + 1} of ${items.length}`;
  };

  prev.addEventListener('click', () => show(index - 1));
  next.addEventListener('click', () => show(index + 1));
  root.querySelectorAll<HTMLElement>('.slider-controls').forEach((c) => { c.hidden = false; });
  root.classList.add('is-enhanced');
  show(0);
}
