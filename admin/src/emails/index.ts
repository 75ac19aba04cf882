import OutboxIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./EmailList.tsx'), 'EmailList'),
  show: lazyScreen(() => import('./EmailShow.tsx'), 'EmailShow'),
  icon: OutboxIcon,
  recordRepresentation: 'subject',
};
