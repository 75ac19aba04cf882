import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

const findSlot = () => document.getElementById('react-admin-title');

/**
 * A screen's title in the app bar (react-admin's TitlePortal, the page's one h1), as react-admin's
 * <Title> draws a plain string. Its <Title> also brings the title-preferences editor (a text
 * field, a select, a popover) into the first screen for a feature the back office does not use.
 */
export const ScreenTitle = ({ title }: { title: string }) => {
  const [slot, setSlot] = useState(findSlot);
  // The app bar may mount after the screen: look again once mounted.
  useEffect(() => setSlot((current) => (current && document.body.contains(current) ? current : findSlot())), []);
  return slot
    ? createPortal(
        <span>
          <span>{title}</span>
        </span>,
        slot,
      )
    : null;
};
