import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

export default {
  list: lazyScreen(() => import('./WebhookList.tsx'), 'WebhookList'),
  create: lazyScreen(() => import('./WebhookCreate.tsx'), 'WebhookCreate'),
  edit: lazyScreen(() => import('./WebhookEdit.tsx'), 'WebhookEdit'),
  icon: WebhookIcon,
  options: { label: 'Webhooks' },
  recordRepresentation: 'url',
};
