import SeriesIcon from '@mui/icons-material/EventRepeatOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./SeriesList.tsx'), 'SeriesList'),
  show: lazyScreen(() => import('./SeriesShow.tsx'), 'SeriesShow'),
  icon: SeriesIcon,
  options: { label: 'Weekly series' },
  recordRepresentation: (s: { customer?: { name: string }; facilityName?: string }) => `${s.customer?.name ?? ''}, ${s.facilityName ?? ''}`,
};
