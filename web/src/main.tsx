import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { SimController } from './app/simController';
import './styles.css';

const params = new URLSearchParams(location.search);
const embed = params.get('embed') === '1' || /\/embed(\/|\.html)?$/.test(location.pathname);
const sim = new SimController();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App sim={sim} embed={embed} />
  </StrictMode>,
);
