import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { i18nReady } from './i18n/i18n.ts';
import { reportError } from './lib/reportError.ts';

window.addEventListener('unhandledrejection', (event) =>
  reportError(event.reason, { kind: 'unhandledrejection' }),
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
