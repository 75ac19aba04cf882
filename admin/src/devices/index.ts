import DeviceIcon from '@mui/icons-material/DialpadOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./DeviceList.tsx'), 'DeviceList'),
  create: lazyScreen(() => import('./DeviceCreate.tsx'), 'DeviceCreate'),
  edit: lazyScreen(() => import('./DeviceEdit.tsx'), 'DeviceEdit'),
  icon: DeviceIcon,
  recordRepresentation: 'name',
  options: { label: 'Devices' },
};
