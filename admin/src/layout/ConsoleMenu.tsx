import type { ComponentType } from 'react';
import { Box, ButtonBase, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import CalendarViewDayIcon from '@mui/icons-material/ViewWeekOutlined';
import ListIcon from '@mui/icons-material/ViewList';
// The banknotes of Payments: already in the first screen, where a new icon would cost ~330 bytes.
import CashUpIcon from '@mui/icons-material/PaymentsOutlined';
import ReportsIcon from '@mui/icons-material/InsertChartOutlined';
import TodayIcon from '@mui/icons-material/HowToRegOutlined';
import { LinkBase, usePermissions, useResourceDefinitions } from 'react-admin';
import { useMatch } from 'react-router';
import { menuEntry } from './menu-entry.ts';
import { menuEntriesFor } from './menu-entries.ts';

interface ItemProps {
  to: string;
  label: string;
  Icon: ComponentType;
  onClick?: () => void;
}

/**
 * One menu entry as react-admin's <MenuItemLink> draws it (a link with the menuitem role, the
 * current screen's entry darker), without its tooltip (Popper), keyboard-shortcut hooks and MenuItem.
 * When the menu is folded to its icons, the text stays in the link for screen readers and as
 * the native title.
 */
const Item = ({ to, label, Icon, onClick }: ItemProps) => {
  const active = useMatch({ path: to, end: to === '/' }) !== null;
  return (
    <ButtonBase component={LinkBase} to={to} role="menuitem" title={label} onClick={onClick} aria-current={active ? 'page' : undefined} sx={[menuEntry, { color: active ? 'text.primary' : 'text.secondary' }]}>
      <span className="icon">
        <Icon />
      </span>
      <Typography variant="inherit" noWrap>
        {label}
      </Typography>
    </ButtonBase>
  );
};

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The console's menu: the dashboard, then the day view, the reports and the resources the signed-in
 * role may list (menuEntriesFor: a desk sees no reports and no promo codes, only an owner the audit log). The layout
 * has read the role already, so the menu never waits for it. Labels are the resources' own (or
 * the name, capitalised), which spares the inflection library react-admin's menu uses to make them.
 */
export const ConsoleMenu = ({ id, onNavigate }: { id: string; onNavigate?: () => void }) => {
  const resources = useResourceDefinitions();
  const { permissions } = usePermissions();
  return (
    <Box role="menu" id={id} aria-label="Main menu" sx={{ display: 'flex', flexDirection: 'column', py: 1 }}>
      {menuEntriesFor(permissions).map((name) => {
        if (name === 'dashboard') return <Item key={name} to="/" label="Dashboard" Icon={DashboardIcon} onClick={onNavigate} />;
        if (name === 'day-view') return <Item key={name} to="/day-view" label="Day view" Icon={CalendarViewDayIcon} onClick={onNavigate} />;
        if (name === 'today') return <Item key={name} to="/today" label="Today" Icon={TodayIcon} onClick={onNavigate} />;
        if (name === 'cash-up') return <Item key={name} to="/cash-up" label="Cash-up" Icon={CashUpIcon} onClick={onNavigate} />;
        if (name === 'reports') return <Item key={name} to="/reports" label="Reports" Icon={ReportsIcon} onClick={onNavigate} />;
        const definition = resources[name];
        if (!definition) return null;
        const { options, icon } = definition;
        const label = typeof options?.label === 'string' ? options.label : capitalized(name);
        return <Item key={name} to={`/${name}`} label={label} Icon={(icon as ComponentType | undefined) ?? ListIcon} onClick={onNavigate} />;
      })}
    </Box>
  );
};
