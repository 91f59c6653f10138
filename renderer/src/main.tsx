import { createRoot } from 'react-dom/client';

function App() {
  return <main>Photofinish</main>;
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
