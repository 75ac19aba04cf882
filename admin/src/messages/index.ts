import MailIcon from '@mui/icons-material/MailOutlined';
import { MessageList } from './MessageList.tsx';
import { MessageShow } from './MessageShow.tsx';

export default {
  list: MessageList,
  show: MessageShow,
  icon: MailIcon,
  recordRepresentation: 'subject',
};
