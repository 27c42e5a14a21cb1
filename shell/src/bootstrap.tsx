import { loadRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerFederation } from './federation';
import { flushOnPageHide } from './release-reports';
import { configUrl, sessionHeaders, startReleases } from './releases';
import './shell.css';

async function start() {
  // this user's releases come with the configuration: no request more before the first page
  const config = await loadRuntimeConfig(configUrl(), sessionHeaders());
  startReleases(config);
  registerFederation(config);
  flushOnPageHide();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
