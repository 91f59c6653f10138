import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { applyTheme } from './session/theme.js';
import './styles.css';

applyTheme();
window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', applyTheme);
createRoot(document.getElementById('root') as HTMLElement).render(<App />);
