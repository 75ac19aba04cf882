import type { ComponentType } from 'react';
import { Box, ButtonBase, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import CalendarViewDayIcon from '@mui/icons-material/ViewWeekOutlined';
import ListIcon from '@mui/icons-material/ViewList';
import { LinkBase, useResourceDefinitions } from 'react-admin';
import { useMatch } from 'react-router';
import { menuEntry } from './menu-entry.ts';

/** The resources in the menu, in this order; each one's icon and label come from its <Resource>. */
const RESOURCES = ['bookings', 'series', 'payments', 'facilities', 'closures', 'users', 'tiers', 'promo-codes', 'reviews', 'messages', 'emails'];

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
 * The console's menu: dashboard, day view, then the resources. Everyone who sees it is staff
 * (the layout shows anyone else the "Staff only" page) and staff may list every resource, so
 * there is no per-entry access check; labels are the resources' own (or the name, capitalised),
 * which spares the inflection library react-admin's menu uses to make them.
 */
export const ConsoleMenu = ({ id, onNavigate }: { id: string; onNavigate?: () => void }) => {
  const resources = useResourceDefinitions();
  return (
    <Box role="menu" id={id} aria-label="Main menu" sx={{ display: 'flex', flexDirection: 'column', py: 1 }}>
      <Item to="/" label="Dashboard" Icon={DashboardIcon} onClick={onNavigate} />
      <Item to="/day-view" label="Day view" Icon={CalendarViewDayIcon} onClick={onNavigate} />
      {RESOURCES.filter((name) => resources[name]).map((name) => {
        const { options, icon } = resources[name]!;
        const label = typeof options?.label === 'string' ? options.label : capitalized(name);
        return <Item key={name} to={`/${name}`} label={label} Icon={(icon as ComponentType | undefined) ?? ListIcon} onClick={onNavigate} />;
      })}
    </Box>
  );
};
