// Hero carousel: previous/next, dots, arrow keys, auto-advance that pauses on hover and
// focus, a pause button, and none of it under prefers-reduced-motion. Without JavaScript the
// server-rendered first slide simply stays.

const INTERVAL_MS = 6000;

export function initCarousel(root: HTMLElement): void {
  const slides = Array.from(root.querySelectorAll<HTMLElement>('.hero-slide'));
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>('.hero-dot'));
  const prev = root.querySelector<HTMLButtonElement>('.hero-prev');
  const next = root.querySelector<HTMLButtonElement>('.hero-next');
  const pause = root.querySelector<HTMLButtonElement>('.hero-pause');
  const track = root.querySelector<HTMLElement>('.hero-track');
  if (slides.length < 2 || !prev || !next || !track) return;

  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  let index = 0;
  let timer: number | undefined;
  let hovered = false;
  let focused = false;
  let stopped = reduced.matches; // the user's choice, via the pause button or the OS setting

  const show = (i: number, fromUser: boolean) => {
    index = (i + slides.length) % slides.length;
    slides.forEach((s, n) => {
      const active = n === index;
      s.classList.toggle('is-active', active);
      s.toggleAttribute('inert', !active);
      s.setAttribute('aria-hidden', String(!active));
    });
    dots.forEach((d, n) => d.setAttribute('aria-current', String(n === index)));
    // Announce slide changes the user asked for, never the automatic ones.
    track.setAttribute('aria-live', fromUser ? 'polite' : 'off');
  };

  const schedule = () => {
    window.clearInterval(timer);
    timer = undefined;
    if (stopped || hovered || focused || document.hidden) return;
    timer = window.setInterval(() => show(index + 1, false), INTERVAL_MS);
  };

  const renderPause = () => {
    if (!pause) return;
    pause.setAttribute('aria-label', stopped ? 'Start automatic slide show' : 'Stop automatic slide show');
    pause.dataset.state = stopped ? 'stopped' : 'playing';
  };

  prev.addEventListener('click', () => show(index - 1, true));
  next.addEventListener('click', () => show(index + 1, true));
  dots.forEach((d, n) => d.addEventListener('click', () => show(n, true)));
  pause?.addEventListener('click', () => {
    stopped = !stopped;
    renderPause();
    schedule();
  });
  root.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLElement && e.target.closest('a')) return;
    if (e.key === 'ArrowLeft') { show(index - 1, true); e.preventDefault(); }
    else if (e.key === 'ArrowRight') { show(index + 1, true); e.preventDefault(); }
  });
  root.addEventListener('mouseenter', () => { hovered = true; schedule(); });
  root.addEventListener('mouseleave', () => { hovered = false; schedule(); });
  root.addEventListener('focusin', () => { focused = true; schedule(); });
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) { focused = false; schedule(); }
  });
  document.addEventListener('visibilitychange', schedule);
  reduced.addEventListener('change', () => { stopped = reduced.matches; renderPause(); schedule(); });

  root.querySelectorAll<HTMLElement>('.hero-controls').forEach((c) => { c.hidden = false; });
  root.classList.add('is-enhanced');
  show(0, false);
  renderPause();
  schedule();
}
