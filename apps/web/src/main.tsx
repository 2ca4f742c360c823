import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { currentAppPath } from './components/router';
import { PlantApp, plantPage } from './app/plant-shell';
import { withoutDevicePacks } from './i18n/i18n-provider';
import './styles/main.scss';

// The plant's pages have a shell of their own, and no device answers where they are served
// (issue 33). Only the companion build has them; in the device's this is undefined when
// compiled, and all of it is dropped.
const plant = import.meta.env.MODE === 'companion' ? plantPage(currentAppPath()) : undefined;
if (plant) withoutDevicePacks();

const root = document.getElementById('app');
if (root) {
  createRoot(root).render(<StrictMode>{plant ? <PlantApp path={plant} /> : <App />}</StrictMode>);
}
