import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadVenueMoneyFormat } from './common/format.ts';

// Amounts are written in the venue's currency from the first screen on: its settings come first.
void loadVenueMoneyFormat().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
