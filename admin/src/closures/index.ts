import ClosureIcon from '@mui/icons-material/BlockOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./ClosureList.tsx'), 'ClosureList'),
  create: lazyScreen(() => import('./ClosureCreate.tsx'), 'ClosureCreate'),
  edit: lazyScreen(() => import('./ClosureEdit.tsx'), 'ClosureEdit'),
  icon: ClosureIcon,
  recordRepresentation: 'reason',
};
