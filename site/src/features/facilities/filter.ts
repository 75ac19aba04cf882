/**
 * Instant filtering of the facility cards the server already rendered: the same rules as
 * the API (case-insensitive substring on the name, price per hour at most the maximum, the
 * sport), applied to data attributes as the visitor types. The URL follows along, so a reload
 * or a shared link shows the same list (and the plain GET form keeps working without JavaScript).
 */
export interface FilterValues {
  q: string;
  maxPrice: string;
  /** '' for every sport. */
  sport: string;
}

export function matches(card: { name: string; price: number; sport: string }, { q, maxPrice, sport }: FilterValues): boolean {
  const needle = q.trim().toLowerCase();
  if (needle && !card.name.includes(needle)) return false;
  const max = maxPrice.trim() === '' ? NaN : Number(maxPrice);
  if (Number.isFinite(max) && card.price > max) return false;
  if (sport && card.sport !== sport) return false;
  return true;
}

export function queryString({ q, maxPrice, sport }: FilterValues): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (maxPrice.trim() !== '' && Number.isFinite(Number(maxPrice))) params.set('maxPrice', maxPrice.trim());
  if (sport) params.set('sport', sport);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function initFacilityFilter(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form.filters');
  const list = root.querySelector<HTMLElement>('.facility-grid');
  const empty = root.querySelector<HTMLElement>('.no-results');
  const count = root.querySelector<HTMLElement>('.result-count');
  if (!form || !list || !empty || !count) return;
  const q = form.elements.namedItem('q') as HTMLInputElement;
  const maxPrice = form.elements.namedItem('maxPrice') as HTMLInputElement;
  const sport = form.elements.namedItem('sport') as HTMLSelectElement;
  const cards = Array.from(list.querySelectorAll<HTMLElement>('.facility-card')).map((el) => ({
    el,
    name: el.dataset.name ?? '',
    price: Number(el.dataset.price),
    sport: el.dataset.sport ?? '',
  }));

  const apply = () => {
    const values = { q: q.value, maxPrice: maxPrice.value, sport: sport.value };
    let shown = 0;
    for (const card of cards) {
      const visible = matches(card, values);
      card.el.hidden = !visible;
      if (visible) shown++;
    }
    empty.hidden = shown > 0;
    list.hidden = shown === 0;
    count.textContent = `${shown} ${shown === 1 ? 'facility' : 'facilities'}`;
    history.replaceState(history.state, '', `${location.pathname}${queryString(values)}`);
  };

  let timer: number | undefined;
  const schedule = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(apply, 150);
  };
  q.addEventListener('input', schedule);
  maxPrice.addEventListener('input', schedule);
  sport.addEventListener('change', () => {
    window.clearTimeout(timer);
    apply();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    window.clearTimeout(timer);
    apply();
  });
  for (const link of root.querySelectorAll<HTMLAnchorElement>('.clear-filters')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      q.value = '';
      maxPrice.value = '';
      sport.value = '';
      window.clearTimeout(timer);
      apply();
      q.focus();
    });
  }
}
