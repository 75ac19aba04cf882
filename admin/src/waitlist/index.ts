import WaitlistIcon from '@mui/icons-material/HourglassEmptyOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./WaitlistList.tsx'), 'WaitlistList'),
  icon: WaitlistIcon,
  recordRepresentation: (r: { customer: { name: string } }) => r.customer.name,
  options: { label: 'Waitlist' },
};
