import type { CallerPriceDto, SlotDto } from '@courtside/contracts';
import { getToken } from '@courtside/browser';
import { api } from '../../lib/api.ts';
import { escapeHtml } from '@courtside/domain';
import { slotChipsHtml } from '../slots/slot-chips.ts';
import { callerPriceHtml } from './caller-price.ts';

const TIMEOUT_MS = 15_000;

/**
 * A signed-in customer's own prices on a page rendered with the list prices (the facility page is
 * cached for everyone): each price line (`data-caller-price`) gets their hourly price, and each
 * facility's free-slot chips (`data-free-slots`) their price per slot, as the server prices them
 * for their tier. A visitor, or a customer paying list prices, keeps the page as it came.
 */
export async function showCallerPrices(page: ParentNode): Promise<void> {
  if (!getToken()) return;
  const lines = [...page.querySelectorAll<HTMLElement>('[data-caller-price]')];
  const chips = [...page.querySelectorAll<HTMLElement>('[data-free-slots]')];
  await Promise.all([
    ...lines.map(async (line) => {
      const text = line.querySelector<HTMLElement>('[data-price-text]');
      const answer = await api<CallerPriceDto>(`/api/facility/${encodeURIComponent(line.dataset.callerPrice!)}/price`, { timeoutMs: TIMEOUT_MS }).catch(() => null);
      const html = answer && callerPriceHtml(answer.data);
      if (!text || !html) return;
      text.innerHTML = html;
      line.classList.add('caller-price');
    }),
    ...chips.map(async (section) => {
      const { facility = '', name = '', date = '' } = section.dataset;
      const list = section.querySelector<HTMLElement>('[data-chip-list]');
      const query = new URLSearchParams({ facility, date });
      const answer = await api<SlotDto[]>(`/api/check-availability?${query.toString()}`, { timeoutMs: TIMEOUT_MS }).catch(() => null);
      const tier = answer?.data.find((s) => s.tier)?.tier;
      if (!list || !answer || !tier) return;
      list.innerHTML = `<p class="tier-note"><strong>${escapeHtml(tier)} price</strong>: every price below is yours.</p>${slotChipsHtml({ _id: facility, name }, date, answer.data)}`;
    }),
  ]);
}
