import StadiumIcon from '@mui/icons-material/StadiumOutlined';
import { FacilityList } from './FacilityList.tsx';
import { FacilityCreate } from './FacilityCreate.tsx';
import { FacilityEdit } from './FacilityEdit.tsx';

export default {
  list: FacilityList,
  create: FacilityCreate,
  edit: FacilityEdit,
  icon: StadiumIcon,
  recordRepresentation: 'name',
};
