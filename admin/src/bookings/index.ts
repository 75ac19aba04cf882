import EventIcon from '@mui/icons-material/EventNoteOutlined';
import { BookingList } from './BookingList.tsx';
import { BookingShow } from './BookingShow.tsx';

export default {
  list: BookingList,
  show: BookingShow,
  icon: EventIcon,
  recordRepresentation: (r: { facility?: { name: string }; date?: string; startTime?: string }) => `${r.facility?.name ?? ''} ${r.date ?? ''} ${r.startTime ?? ''}`,
};
