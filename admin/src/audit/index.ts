import AuditIcon from '@mui/icons-material/HistoryOutlined';
import { lazyScreen } from '../common/lazyScreen.ts';

/** The audit log: an owner's, read only (no show, edit or create). */
export default {
  list: lazyScreen(() => import('./AuditList.tsx'), 'AuditList'),
  icon: AuditIcon,
  recordRepresentation: 'summary',
  options: { label: 'Audit log' },
};
