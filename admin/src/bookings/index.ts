import EventIcon from '@mui/icons-material/EventNoteOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./BookingList.tsx'), 'BookingList'),
  show: lazyScreen(() => import('./BookingShow.tsx'), 'BookingShow'),
  icon: EventIcon,
  recordRepresentation: (r: { facility?: { name: string }; date?: string; startTime?: string }) => `${r.facility?.name ?? ''} ${r.date ?? ''} ${r.startTime ?? ''}`,
};
