import { useQuery } from '@tanstack/react-query';
import { useDebounced } from '../../common/useDebounced.ts';

/**
 * A server answer about the form (the series preview, the price quote), asked again after a
 * pause whenever `request` changes. `current` says the answer is for what the form shows now,
 * so nothing is booked or quoted on an answer for other choices.
 */
export function useServerAnswer<Body extends object, T>(name: string, request: Body | undefined, ask: (body: Body) => Promise<T>) {
  const key = request && JSON.stringify(request);
  const settled = useDebounced(key, 300);
  const query = useQuery({
    queryKey: ['courtside', name, settled],
    queryFn: () => ask(JSON.parse(settled!) as Body),
    enabled: settled !== undefined,
    staleTime: 0,
    retry: false,
  });
  return { ...query, asked: key !== undefined, current: key !== undefined && settled === key && query.isSuccess && !query.isFetching };
}
