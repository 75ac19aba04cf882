// Scroll-to-top button: shown once the page is scrolled past the threshold.

export const SCROLL_THRESHOLD = 300;

export function initScrollTop(button: HTMLButtonElement, focusTarget: HTMLElement | null): void {
  let ticking = false;
  const update = () => {
    ticking = false;
    button.hidden = window.scrollY <= SCROLL_THRESHOLD;
  };
  window.addEventListener('scroll', () => {
    if (!ticking) { ticking = true; window.requestAnimationFrame(update); }
  }, { passive: true });
  button.addEventListener('click', () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    focusTarget?.focus({ preventScroll: true });
  });
  update();
}
