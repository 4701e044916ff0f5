import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { BUILD_ID } from '@/lib/buildId.ts';
import { ReloadDialog } from '@/features/pwa/ReloadDialog.tsx';
import { startServiceWorker } from '@/features/pwa/serviceWorker.ts';
import { i18nReady } from '@/i18n/i18n.ts';
import { reportError } from '@/lib/reportError.ts';

window.addEventListener('unhandledrejection', (event) =>
  reportError(event.reason, { kind: 'unhandledrejection' }),
);

document.documentElement.dataset.build = BUILD_ID;
startServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App global={<ReloadDialog />} />
    </StrictMode>,
  ),
);
