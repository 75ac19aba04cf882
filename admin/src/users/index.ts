import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./UserList.tsx'), 'UserList'),
  create: lazyScreen(() => import('./UserCreate.tsx'), 'UserCreate'),
  edit: lazyScreen(() => import('./UserEdit.tsx'), 'UserEdit'),
  show: lazyScreen(() => import('./UserShow.tsx'), 'UserShow'),
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
