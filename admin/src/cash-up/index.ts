import { createElement, Suspense } from 'react';
import { LoadingPage } from 'react-admin';
import { lazyScreen } from '../common/lazyScreen.ts';

const LazyCashUp = lazyScreen(() => import('./CashUpPage.tsx'), 'CashUpPage');
/** The desk's cash-up (#/cash-up?date=): outside the console's layout, like the day sheet, so with a Suspense boundary of its own. */
export const CashUpPage = () => createElement(Suspense, { fallback: createElement(LoadingPage) }, createElement(LazyCashUp));
