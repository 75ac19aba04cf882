import { createElement, Suspense } from 'react';
import { LoadingPage } from 'react-admin';
import { lazyScreen } from '../common/lazyScreen.ts';

export const DayViewPage = lazyScreen(() => import('./DayViewPage.tsx'), 'DayViewPage');

const LazyDaySheet = lazyScreen(() => import('./DaySheetPage.tsx'), 'DaySheetPage');
/** The printable day sheet (#/day-sheet?date=&facility=): outside the console's layout, so with a Suspense boundary of its own. */
export const DaySheetPage = () => createElement(Suspense, { fallback: createElement(LoadingPage) }, createElement(LazyDaySheet));
