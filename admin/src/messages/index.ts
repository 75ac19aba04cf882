import MailIcon from '@mui/icons-material/MailOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./MessageList.tsx'), 'MessageList'),
  show: lazyScreen(() => import('./MessageShow.tsx'), 'MessageShow'),
  icon: MailIcon,
  recordRepresentation: 'subject',
};
