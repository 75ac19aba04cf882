export { DayViewPage } from './DayViewPage.tsx';
