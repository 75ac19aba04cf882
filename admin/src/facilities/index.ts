import StadiumIcon from '@mui/icons-material/StadiumOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./FacilityList.tsx'), 'FacilityList'),
  create: lazyScreen(() => import('./FacilityCreate.tsx'), 'FacilityCreate'),
  edit: lazyScreen(() => import('./FacilityEdit.tsx'), 'FacilityEdit'),
  icon: StadiumIcon,
  recordRepresentation: 'name',
};
