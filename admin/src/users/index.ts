import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import { UserList } from './UserList.tsx';
import { UserCreate } from './UserCreate.tsx';

export default {
  list: UserList,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
